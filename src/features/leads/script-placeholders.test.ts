import { describe, expect, it } from 'vitest'
import { fillScript, scriptValuesOf } from './script-placeholders.ts'

const lead = {
  firstName: 'Hélène',
  lastName: 'Dufour',
  city: null,
  postalCode: '69003',
  market: { name: 'Rhône', mission: { name: 'Rénovation énergétique' } },
}
const values = scriptValuesOf({ firstName: 'Julie', lastName: 'Martin' }, lead)

describe('fillScript', () => {
  it('fills the agent’s first name, the lead’s names and the mission', () => {
    expect(
      fillScript(
        'Bonjour [Prénom du client] [nom du client], je suis [votre prénom] pour [mission].',
        values,
      ),
    ).toEqual([
      { kind: 'text', text: 'Bonjour ' },
      { kind: 'filled', text: 'Hélène', placeholder: 'Prénom du client' },
      { kind: 'text', text: ' ' },
      { kind: 'filled', text: 'Dufour', placeholder: 'nom du client' },
      { kind: 'text', text: ', je suis ' },
      { kind: 'filled', text: 'Julie', placeholder: 'votre prénom' },
      { kind: 'text', text: ' pour ' },
      { kind: 'filled', text: 'Rénovation énergétique', placeholder: 'mission' },
      { kind: 'text', text: '.' },
    ])
  })

  it('ignores case, accents, apostrophes and spaces in the placeholder', () => {
    expect(fillScript('[  VOTRE PRENOM ]', values)).toEqual([
      { kind: 'filled', text: 'Julie', placeholder: 'VOTRE PRENOM' },
    ])
    expect(fillScript("[prénom de l'agent]", values)).toEqual([
      { kind: 'filled', text: 'Julie', placeholder: "prénom de l'agent" },
    ])
    expect(fillScript('[marché] [code postal]', values).filter((part) => part.kind === 'filled')).toEqual([
      { kind: 'filled', text: 'Rhône', placeholder: 'marché' },
      { kind: 'filled', text: '69003', placeholder: 'code postal' },
    ])
  })

  it('marks as missing a placeholder it does not know or has no value for, without its brackets', () => {
    expect(fillScript('Vous habitez [ville], [numéro fiscal] ?', values)).toEqual([
      { kind: 'text', text: 'Vous habitez ' },
      { kind: 'missing', placeholder: 'ville' },
      { kind: 'text', text: ', ' },
      { kind: 'missing', placeholder: 'numéro fiscal' },
      { kind: 'text', text: ' ?' },
    ])
    expect(fillScript('Je suis [votre prénom].', scriptValuesOf(null, lead))).toEqual([
      { kind: 'text', text: 'Je suis ' },
      { kind: 'missing', placeholder: 'votre prénom' },
      { kind: 'text', text: '.' },
    ])
  })

  it('leaves a script without placeholders as one text, and drops empty brackets', () => {
    expect(fillScript('Bonjour.', values)).toEqual([{ kind: 'text', text: 'Bonjour.' }])
    expect(fillScript('Bonjour [] [ ]!', values)).toEqual([{ kind: 'text', text: 'Bonjour  !' }])
    expect(fillScript('', values)).toEqual([])
  })

  it('treats a blank value as missing', () => {
    const blank = scriptValuesOf({ firstName: '  ', lastName: '' }, lead)
    expect(fillScript('[votre prénom]', blank)).toEqual([{ kind: 'missing', placeholder: 'votre prénom' }])
  })
})
