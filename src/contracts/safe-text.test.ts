import { describe, expect, it } from 'vitest'
import { hasControlCharacter, hasControlCharacterDeep, safeRecord, safeText } from './safe-text.ts'

describe('safeText', () => {
  it('refuses every control character in a single-line field', () => {
    for (const bad of ['a\u0000b', 'a\tb', 'a\nb', 'a\rb', 'a\u007fb', 'a\u0085b', 'a\u009fb'])
      expect(safeText().safeParse(bad).success).toBe(false)
    expect(safeText().safeParse('Évelyne d’Arc – 06 12').success).toBe(true)
  })

  it('keeps tab and line breaks in a multi-line field, refuses the other controls', () => {
    const multi = safeText({ multiline: true })
    expect(multi.safeParse('ligne 1\r\n\tligne 2').success).toBe(true)
    expect(multi.safeParse('a\u0000b').success).toBe(false)
    expect(multi.safeParse('a\u000bb').success).toBe(false)
    expect(multi.safeParse('a\u001bb').success).toBe(false)
  })

  it('answers in French', () => {
    const result = safeText().safeParse('\u0000')
    expect(result.error?.issues[0]?.message).toBe(
      'Ce texte contient des caractères de contrôle non autorisés.',
    )
  })

  it('checks every string of a JSON object, keys included, and refuses absurd nesting', () => {
    expect(safeRecord().safeParse({ a: { b: ['ok', 'x\u0000'] } }).success).toBe(false)
    expect(safeRecord().safeParse({ 'k\u0000': 1 }).success).toBe(false)
    expect(safeRecord().safeParse({ a: { b: ['ok\n', 1, null] } }).success).toBe(true)
    let deep: unknown = 'x'
    for (let i = 0; i < 100; i++) deep = [deep]
    expect(hasControlCharacterDeep(deep)).toBe(true)
    expect(hasControlCharacter('x'.repeat(100_000))).toBe(false)
  })
})
