// The market form's fields (issue #12 "Markets"), shared by the server and the back-office form
// (zod/mini, like team-form.ts). Postal-code prefixes place imported leads in a market (issue #13):
// 2 to 5 digits ("75", "921", "69001"), or 2A / 2B for Corsica; kept upper-case, without duplicates.
import * as z from 'zod/mini'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from './control-characters.ts'
import { versionSchema } from './team-form.ts'

export const MARKET_NAME_MAX = 80
export const POSTAL_PREFIXES_MAX = 200
export const POSTAL_PREFIX_PATTERN = /^(?:\d{2,5}|2[AB])$/

export const POSTAL_PREFIX_MESSAGE =
  'Chaque préfixe compte 2 à 5 chiffres (par exemple 75 ou 921), ou 2A / 2B pour la Corse.'

export const marketNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, { error: 'Le nom du marché est obligatoire.' }),
  z.maxLength(MARKET_NAME_MAX, { error: `Le nom du marché ne dépasse pas ${MARKET_NAME_MAX} caractères.` }),
  z.refine((value) => !hasControlCharacter(value), { error: CONTROL_CHARACTERS_MESSAGE }),
)

/** "75, 921 ; 2a" as typed in the form → ["75", "921", "2A"] (separators: spaces, commas, semicolons). */
export function splitPrefixes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part !== '')
}

export const postalCodePrefixesSchema = z.pipe(
  z
    .array(
      z
        .string()
        .check(z.trim(), z.toUpperCase(), z.regex(POSTAL_PREFIX_PATTERN, { error: POSTAL_PREFIX_MESSAGE })),
    )
    .check(
      z.maxLength(POSTAL_PREFIXES_MAX, { error: `Au plus ${POSTAL_PREFIXES_MAX} préfixes par marché.` }),
    ),
  z.transform((prefixes: string[]) => [...new Set(prefixes)].sort()),
)

export const createMarketBodySchema = z.object({
  missionId: z.int().check(z.positive({ error: 'Choisissez la mission du marché.' })),
  name: marketNameSchema,
  postalCodePrefixes: postalCodePrefixesSchema,
})
export type CreateMarketBody = z.input<typeof createMarketBodySchema>

export const updateMarketBodySchema = z.object({
  name: marketNameSchema,
  postalCodePrefixes: postalCodePrefixesSchema,
  version: versionSchema,
})
export type UpdateMarketBody = z.input<typeof updateMarketBodySchema>
