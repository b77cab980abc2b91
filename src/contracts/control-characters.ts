// The control-character rule of text inputs (issue #17; safe-text.ts builds the zod fields on it),
// without zod, so the client's zod/mini forms (issue #12) can apply it without loading full zod.
export const CONTROL_CHARACTERS_MESSAGE = 'Ce texte contient des caractères de contrôle non autorisés.'

const TAB = 0x09
const LINE_FEED = 0x0a
const CARRIAGE_RETURN = 0x0d

export function hasControlCharacter(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20) {
      if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue
      return true
    }
    if (code >= 0x7f && code <= 0x9f) return true
  }
  return false
}
