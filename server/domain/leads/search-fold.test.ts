// @both-databases: accent folding by the unaccent extension.
// app_fold (migration 0011): the one folding of names and of what is typed, on the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/client.ts'
import { openTestDatabase } from '../../../tests/setup/test-app.ts'
import type { Database } from '../../db/client.ts'
import { parseSearch } from './search.ts'
import { foldedStartsWith } from './search-pages.ts'

let database: Database
let drop: () => Promise<void>

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
})
afterAll(() => drop())

async function foldOne(value: string): Promise<string> {
  const [row] = rowsOf<{ folded: string }>(
    await database.db.execute(sql`select app_fold(${value}) as folded`),
  )
  return row!.folded
}

describe('app_fold', () => {
  it('drops accents, splits ligatures and lower-cases', async () => {
    const cases: [string, string][] = [
      ['Lefèvre', 'lefevre'],
      ['LEFÈVRE', 'lefevre'],
      ['François', 'francois'],
      ['Hélène Dufour', 'helene dufour'],
      ['Œuvray', 'oeuvray'],
      ['cœur', 'coeur'],
      ['Kæstner', 'kaestner'],
      ['Æ', 'ae'],
      ['Straße', 'strasse'],
      ['Ça', 'ca'],
      ['Éloïse', 'eloise'],
      ['Noël', 'noel'],
      ['Jean-Pierre', 'jean-pierre'],
      ['Le Gall', 'le gall'],
      ['Ÿ', 'y'],
    ]
    for (const [value, folded] of cases) expect(await foldOne(value), value).toBe(folded)
  })

  it('folds what is typed like the stored name, whichever side carries the accent', async () => {
    const pairs: [string, string][] = [
      ['oeuvray', 'Œuvray'],
      ['ŒUVRAY', 'Oeuvray'],
      ['kaestner', 'Kæstner'],
      ['strasse', 'Straße'],
      ['STRAẞE', 'Strasse'],
      ['ca', 'Ça'],
      ['helene', 'HÉLÈNE'],
      ['loic', 'Loïc'],
      ['LOÏC', 'loic'],
    ]
    for (const [typed, stored] of pairs) expect(await foldOne(typed), typed).toBe(await foldOne(stored))
  })

  it('is what the words typed are compared through: ASCII lower-cased in JavaScript, folded in SQL', async () => {
    expect(parseSearch('LEFÈVRE Hélène')).toEqual({ kind: 'name', words: ['lefÈvre', 'hélène'] })
    // JavaScript's toLowerCase would turn `Ɩ` into `ɩ`, which app_fold keeps: the words are left to SQL.
    expect(parseSearch('Ɩ')).toEqual({ kind: 'name', words: ['Ɩ'] })
    expect(await foldOne('Ɩ')).toBe(await foldOne('i'))
  })

  it('takes a folded name as starting with a word typed exactly when it does, wildcards included', async () => {
    const names = ['lefevre', 'lefevre jean', 'lefevr', 'lefevrf', 'lefebvre', 'me%x', 'me_x', 'mex', 'meax']
    const starting = async (word: string) =>
      rowsOf<{ v: string }>(
        await database.db.execute(
          sql`select v from unnest(${sql.raw(
            `array[${names.map((name) => `'${name}'`).join(', ')}]`,
          )}) v where ${foldedStartsWith(sql`app_fold(v)`, word)} order by v`,
        ),
      ).map((row) => row.v)
    expect(await starting('LEFÈVRE')).toEqual(['lefevre', 'lefevre jean'])
    expect(await starting('Mé％')).toEqual(['me%x'])
    expect(await starting('me_')).toEqual(['me_x'])
  })
})
