// Issue #15 "E-mails": placeholders are whitelisted names only, and substituted values are escaped in
// the HTML version (never in the text one), inside the MJML layout.
import { describe, expect, it } from 'vitest'
import { checkPlaceholders } from '../../../src/contracts/mail-placeholders.ts'
import { MAIL_VARIABLES } from '../../../src/contracts/mails.ts'
import { renderMail } from './render.ts'

const allowed = MAIL_VARIABLES['appointment-confirmation']

describe('placeholders', () => {
  it('accepts whitelisted names and lists them', () => {
    expect(checkPlaceholders('Bonjour {prénom} {nom}, le {date_rdv}', allowed)).toEqual({
      ok: true,
      names: ['prénom', 'nom', 'date_rdv'],
    })
  })

  it.each([
    ['Bonjour {lien}', 'La variable {lien} n’existe pas pour ce modèle.'],
    ['Bonjour {Prénom}', 'La variable {Prénom} n’existe pas'],
    ['Bonjour {{prénom}}', 'n’est pas refermée'],
    ['Bonjour {prénom', 'n’est pas refermée'],
    ['Bonjour prénom}', 'n’a pas d’accolade ouvrante'],
    ['{constructor.name}', 'La variable {constructor.name} n’existe pas'],
    ['{}', 'La variable {} n’existe pas'],
  ])('refuses %s in French', (source, message) => {
    const checked = checkPlaceholders(source, allowed)
    expect(checked.ok).toBe(false)
    expect(!checked.ok && checked.message).toContain(message)
  })
})

describe('renderMail', () => {
  it('escapes values in the HTML only, keeps the layout’s CSS, flattens the subject', async () => {
    const mail = await renderMail(
      {
        subject: 'RDV de {prénom}',
        html: '<p>Bonjour {prénom} {nom}, <a href="https://exemple.fr/?m={mission}">ici</a></p>',
        text: 'Bonjour {prénom} {nom}',
      },
      { prénom: '<script>alert(1)</script>', nom: 'O\'Brien & "fils"', mission: 'a&b\nc' },
    )
    expect(mail.subject).toBe('RDV de <script>alert(1)</script>')
    expect(mail.text).toBe('Bonjour <script>alert(1)</script> O\'Brien & "fils"')
    expect(mail.html).toContain(
      'Bonjour &lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien &amp; &quot;fils&quot;',
    )
    expect(mail.html).toContain('href="https://exemple.fr/?m=a&amp;b\nc"')
    expect(mail.html).not.toContain('<script>')
    // The layout's CSS survives (its braces are not placeholders).
    expect(mail.html).toContain('.mj-column-per-100 {')
    expect(mail.html).not.toContain('@@mailvar')
  })

  it('reads an absent value as empty', async () => {
    const mail = await renderMail({ subject: 'S {nom}', html: '<p>{nom}</p>', text: '{nom}' }, {})
    expect(mail.subject).toBe('S ')
    expect(mail.text).toBe('')
  })
})
