// French string of the layout's import indicator (issue #13), apart from the integration screens'
// strings so the indicator's chunk stays tiny.
export const importIndicator = {
  label: (percent: number) => `Import en cours : ${percent} %`,
} as const
