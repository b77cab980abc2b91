// The call-back picker's labels (issue #11). Its refusals are the rule's own words, shared with the
// server: src/contracts/recall.ts `recallMessages`.
export const recallPicker = {
  legend: 'Date du rappel',
  date: 'Jour',
  time: 'Heure (Paris)',
  chooseTime: 'Choisir une heure',
  summary: (when: string) => `Rappel prévu le ${when}.`,
} as const
