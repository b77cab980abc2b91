// Issue #31 point 3: one term for one thing. The French strings say « process d’appel », never the
// English « call process » (code and comments may: they are English).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const DIR = import.meta.dirname

describe('the French vocabulary', () => {
  it('says « process d’appel », never « call process », in any string', () => {
    const offending = readdirSync(DIR)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        readFileSync(path.join(DIR, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${file}:${index + 1}`, code: line.split('//')[0]! }))
          .filter(
            ({ code }) => !/^\s*(?:import|export) /.test(code) && /['`"][^'`"]*call process/i.test(code),
          )
          .map(({ where }) => where),
      )
    expect(offending).toEqual([])
  })
})
