// Issue #13 "Integration": encodings and delimiters of French CSV exports.
import { describe, expect, it } from 'vitest'
import { sniffDelimiter, sniffEncoding } from './csv-sniff.ts'

describe('sniffEncoding', () => {
  it('reads a UTF-8 BOM as UTF-8', () => {
    expect(sniffEncoding(Buffer.from('\uFEFFNom;Prénom\n', 'utf8'))).toBe('utf-8')
  })
  it('reads valid UTF-8 without BOM as UTF-8', () => {
    expect(sniffEncoding(Buffer.from('Nom;Prénom\nLefèvre;Zoé\n', 'utf8'))).toBe('utf-8')
  })
  it('reads plain ASCII as UTF-8', () => {
    expect(sniffEncoding(Buffer.from('Nom;Prenom\n', 'latin1'))).toBe('utf-8')
  })
  it('reads accents that are not UTF-8 as Windows-1252', () => {
    // "Prénom" in Windows-1252: é is the single byte 0xE9.
    expect(sniffEncoding(Buffer.from('Nom;Pr\xe9nom\n', 'latin1'))).toBe('windows-1252')
  })
  it('does not take a UTF-8 character cut at the end of the sample for Windows-1252', () => {
    const full = Buffer.from('Nom;Prénom', 'utf8')
    expect(sniffEncoding(full.subarray(0, full.indexOf(0xc3) + 1))).toBe('utf-8')
  })
})

describe('sniffDelimiter', () => {
  it.each([
    ['Prénom;Nom;Ville\nJean;Martin;Paris\nZoé;Dupont;Lyon\n', ';'],
    ['Prénom,Nom,Ville\r\nJean,Martin,Paris\r\n', ','],
    ['Prénom\tNom\tVille\nJean\tMartin\tParis\n', '\t'],
  ] as const)('finds the delimiter of %j', (text, delimiter) => {
    expect(sniffDelimiter(text)).toBe(delimiter)
  })

  it('ignores delimiters inside quotes, line breaks included', () => {
    const text =
      'Nom;Commentaire;Ville\nMartin;"Rappeler, le soir,\npas avant 18 h, merci";Paris\nDupont;"a, b, c, d";Lyon\n'
    expect(sniffDelimiter(text)).toBe(';')
  })

  it('prefers the delimiter that splits every line the same way', () => {
    // One semicolon in the header's text, but commas split every line into four.
    const text = 'Nom,Prénom,Ville,Remarque;source\nMartin,Jean,Paris,ok\nDupont,Zoé,Lyon,ok\n'
    expect(sniffDelimiter(text)).toBe(',')
  })

  it('is not misled by a title line above the header (issue #31)', () => {
    const text =
      'Leads courtier, novembre 2026\nNom;Prénom;Téléphone\nMartin;Jean;0612345678\nDupont;Zoé;0712345678\n'
    expect(sniffDelimiter(text)).toBe(';')
  })

  it('falls back to the semicolon for a one-column file', () => {
    expect(sniffDelimiter('Téléphone\n0612345678\n')).toBe(';')
  })
})
