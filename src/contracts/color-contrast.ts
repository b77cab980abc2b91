// The contrast of a colour under white text (issue #12 "Missions": a mission's colour is the
// background of white labels on agent screens). WCAG 2.x relative luminance and contrast ratio; AA
// asks 4.5:1 for normal text. Zod-free: the mission form shows the ratio live and the schema in
// mission-form.ts refuses below the threshold, with the same numbers on both sides.

export const MIN_CONTRAST_WITH_WHITE = 4.5

export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i

/** sRGB channel (0–255) to linear light (WCAG 2.x definition). */
function linear(channel: number): number {
  const c = channel / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16)
  const r = (value >> 16) & 0xff
  const g = (value >> 8) & 0xff
  const b = value & 0xff
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** The ratio of white text on `hex` (1 to 21); null when `hex` is not #RRGGBB. */
export function contrastWithWhite(hex: string): number | null {
  if (!HEX_COLOR_PATTERN.test(hex)) return null
  return 1.05 / (relativeLuminance(hex) + 0.05)
}

/** The ratio rounded down to two decimals, so "4.49" never displays as a passing "4.5". */
export function displayedRatio(ratio: number): number {
  return Math.floor(ratio * 100) / 100
}

export function hasEnoughContrast(hex: string): boolean {
  const ratio = contrastWithWhite(hex)
  return ratio !== null && ratio >= MIN_CONTRAST_WITH_WHITE
}

/** "4,32 : 1", the French way of writing a ratio. */
export function formatRatio(ratio: number): string {
  return `${displayedRatio(ratio).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} : 1`
}

export function contrastRefusal(hex: string): string {
  const ratio = contrastWithWhite(hex) ?? 1
  return `Contraste insuffisant avec le texte blanc : ${formatRatio(ratio)}, il faut au moins 4,5 : 1. Choisissez une couleur plus foncée.`
}
