// Issue #31 point 3: the history panels never show a key name. The TypeScript checker reads every
// recordAudit(...) call of the server and the type of its `before` and `after` snapshots; each key they
// can hold needs a French label in src/i18n/fr/audit-values.ts, and a snapshot typed as a bare index
// signature (whose keys nobody can list) is refused: give it a known shape.
import { globSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { auditFieldLabels } from '../../src/i18n/fr/audit-values.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
/** Ids the panel never shows (audit-history.tsx drops them). */
const HIDDEN = new Set(['userId'])

type Site = { where: string; keys: string[]; indexSignature: boolean }

function auditSites(): Site[] {
  const files = globSync('server/**/*.ts', { cwd: ROOT })
    .filter((file) => !file.endsWith('.test.ts'))
    .map((file) => path.join(ROOT, file))
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
  })
  const checker = program.getTypeChecker()
  const sites: Site[] = []
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(path.join(ROOT, 'server'))) continue
    const visit = (node: ts.Node) => {
      const call =
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'recordAudit'
      const record = call ? node.arguments[1] : undefined
      if (record && ts.isObjectLiteralExpression(record))
        for (const property of record.properties) {
          const name = property.name && ts.isIdentifier(property.name) ? property.name.text : null
          if (name !== 'before' && name !== 'after') continue
          const at = ts.isPropertyAssignment(property) ? property.initializer : property.name!
          const type = checker.getNonNullableType(checker.getTypeAtLocation(at))
          const parts = type.isUnion() ? type.types : [type]
          const line = source.getLineAndCharacterOfPosition(property.getStart()).line + 1
          sites.push({
            where: `${path.relative(ROOT, source.fileName)}:${line} ${name}`,
            keys: [...new Set(parts.flatMap((part) => checker.getPropertiesOfType(part).map((s) => s.name)))],
            indexSignature: parts.some((part) => checker.getIndexInfosOfType(part).length > 0),
          })
        }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return sites
}

describe('the audit trail’s fields', () => {
  const sites = auditSites()

  it('are found: the server writes audit entries from many places', () => {
    expect(sites.length).toBeGreaterThan(40)
    expect(sites.flatMap((site) => site.keys)).toContain('leadProcessingDurationDays')
  })

  it('each have a French label, and no snapshot hides its keys behind an index signature', () => {
    const unlabelled = sites.flatMap((site) =>
      site.keys
        .filter((key) => !HIDDEN.has(key) && !(key in auditFieldLabels))
        .map((key) => `${site.where}: ${key}`),
    )
    expect(unlabelled).toEqual([])
    expect(sites.filter((site) => site.indexSignature).map((site) => site.where)).toEqual([])
  })
})
