// Placeholders of the e-mail templates (issue #15 "E-mails", docs/domain.md "E-mails"): single-brace
// French names (`{prénom}`) from each template's whitelist, substituted as plain values. There is no
// template language (no logic, no expressions): a brace either opens a whitelisted name or is refused.
export type PlaceholderCheck = { ok: true; names: string[] } | { ok: false; message: string }

const NAME = /^[\p{Ll}_]+$/u

/** The placeholders of `source`, or the first mistake in French. */
export function checkPlaceholders(source: string, allowed: readonly string[]): PlaceholderCheck {
  const names: string[] = []
  let index = 0
  while (index < source.length) {
    const open = source.indexOf('{', index)
    const close = source.indexOf('}', index)
    if (close !== -1 && (open === -1 || close < open))
      return { ok: false, message: placeholderMessages.strayClose }
    if (open === -1) break
    const end = source.indexOf('}', open + 1)
    const nextOpen = source.indexOf('{', open + 1)
    if (end === -1 || (nextOpen !== -1 && nextOpen < end))
      return { ok: false, message: placeholderMessages.unclosed }
    const name = source.slice(open + 1, end)
    if (!NAME.test(name) || !allowed.includes(name))
      return { ok: false, message: placeholderMessages.unknown(name, allowed) }
    names.push(name)
    index = end + 1
  }
  return { ok: true, names }
}

/** `source` with each `{name}` replaced by `valueOf(name)`; `source` must have passed the check. */
export function fillPlaceholders(source: string, valueOf: (name: string) => string): string {
  return source.replace(/\{([^{}]*)\}/g, (_match, name: string) => valueOf(name))
}

export const placeholderMessages = {
  strayClose:
    'Une accolade fermante « } » n’a pas d’accolade ouvrante : écrivez les variables ainsi : {prénom}.',
  unclosed: 'Une accolade ouvrante « { » n’est pas refermée : écrivez les variables ainsi : {prénom}.',
  missingLink:
    'Ce champ doit contenir la variable {lien} : sans elle, le destinataire ne reçoit pas de lien pour choisir son mot de passe.',
  unknown: (name: string, allowed: readonly string[]) =>
    `La variable {${name}} n’existe pas pour ce modèle. Variables possibles : ${allowed.map((n) => `{${n}}`).join(', ')}.`,
} as const
