// Issue #31 point 3: people are « Léa Bonnet » everywhere. One helper writes a person's name
// (src/contracts/person-name.ts); this guard reads the code and refuses any other template that joins a
// first and a last name (either order). Initials (« Léa B. ») are a different, deliberate form.
import { globSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const JOINS = [
  /\$\{[^}]*\bfirstName\}\s*\$\{[^}]*\blastName\}/,
  /\$\{[^}]*\blastName\}\s*\$\{[^}]*\bfirstName\}/,
  /\$\{[^}]*\bfirstName\} \$\{[^}]*\blastName\}/,
]

describe('a person’s name', () => {
  it('is written by personName() alone', () => {
    const files = globSync('{src,server}/**/*.{ts,tsx}', { cwd: ROOT }).filter(
      (file) => !/\.test\.tsx?$/.test(file) && !file.endsWith('person-name.ts'),
    )
    expect(files.length).toBeGreaterThan(100)
    const joins = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (JOINS.some((join) => join.test(line)) ? [`${file}:${index + 1}`] : [])),
    )
    expect(joins).toEqual([])
  })
})
