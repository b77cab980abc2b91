// A step's script as written for this lead (issue #11): `[votre prénom]` and the like are filled from
// the reader and the lead; a placeholder nothing fills stays a marked gap, never raw brackets.
import { fr } from '../../i18n/fr.ts'

export type ScriptPlaceholderKey = keyof typeof fr.leads.sheet.scriptPlaceholders

/** What fills the placeholders; null or blank leaves the placeholder to complete. */
export type ScriptValues = Partial<Record<ScriptPlaceholderKey, string | null | undefined>>

export type ScriptPart =
  | { kind: 'text'; text: string }
  | { kind: 'filled'; text: string; placeholder: string }
  | { kind: 'missing'; placeholder: string }

export type ScriptVocabulary = Readonly<Record<ScriptPlaceholderKey, readonly string[]>>

/** Lower case, no accents, one kind of apostrophe, single spaces. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('fr-FR')
}

function keysOf(vocabulary: ScriptVocabulary): Map<string, ScriptPlaceholderKey> {
  const keys = new Map<string, ScriptPlaceholderKey>()
  for (const [key, names] of Object.entries(vocabulary) as [ScriptPlaceholderKey, readonly string[]][])
    for (const name of names) keys.set(fold(name), key)
  return keys
}

const PLACEHOLDER = /\[([^[\]\n]{0,80})\]/g

/**
 * Splits a script into its text and its placeholders, filled where `values` has a value; an
 * unknown placeholder, or one with no value, is `missing`. Empty brackets are dropped.
 */
export function fillScript(
  script: string,
  values: ScriptValues,
  vocabulary: ScriptVocabulary = fr.leads.sheet.scriptPlaceholders,
): ScriptPart[] {
  const keys = keysOf(vocabulary)
  const parts: ScriptPart[] = []
  const pushText = (text: string) => {
    if (!text) return
    const last = parts.at(-1)
    if (last?.kind === 'text') last.text += text
    else parts.push({ kind: 'text', text })
  }
  let index = 0
  for (const match of script.matchAll(PLACEHOLDER)) {
    pushText(script.slice(index, match.index))
    index = match.index + match[0].length
    const placeholder = match[1]!.trim()
    if (!placeholder) continue
    const key = keys.get(fold(placeholder))
    const value = key ? values[key]?.trim() : undefined
    parts.push(value ? { kind: 'filled', text: value, placeholder } : { kind: 'missing', placeholder })
  }
  pushText(script.slice(index))
  return parts
}

/** The values of a sheet: the reader (who reads the script aloud) and the lead. */
export function scriptValuesOf(
  reader: { firstName: string; lastName: string } | null,
  lead: {
    firstName: string
    lastName: string
    city: string | null
    postalCode: string | null
    market: { name: string; mission: { name: string } }
  },
): ScriptValues {
  const fullName = (first: string, last: string) => [first.trim(), last.trim()].filter(Boolean).join(' ')
  return {
    agentFirstName: reader?.firstName,
    agentLastName: reader?.lastName,
    agentFullName: reader ? fullName(reader.firstName, reader.lastName) : null,
    leadFirstName: lead.firstName,
    leadLastName: lead.lastName,
    leadFullName: fullName(lead.firstName, lead.lastName),
    city: lead.city,
    postalCode: lead.postalCode,
    mission: lead.market.mission.name,
    market: lead.market.name,
  }
}
