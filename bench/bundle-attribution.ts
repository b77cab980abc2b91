// Which sources fill the first visit of a page (default /login): each file's share of the generated
// code, by the build's source maps, with a gzip estimate (the chunk's gzip size split in proportion
// to raw bytes). A tool for shrinking chunks (issue #27), not part of any gate:
//   node bench/bundle-attribution.ts [login|home] [dist]
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { SourceMapConsumer } from 'source-map-js'
import { measureBuild } from './bundle-gate.ts'

const name = process.argv[2] ?? 'login'
const dist = path.resolve(process.argv[3] ?? 'dist')
const entry = measureBuild(dist).find((measure) => measure.name === name)
if (!entry) throw new Error(`no measure named ${name}`)

const bySource = new Map<string, { raw: number; gzip: number }>()
for (const file of entry.files) {
  const code = readFileSync(path.join(dist, file), 'utf8')
  const gzip = gzipSync(code, { level: 9 }).length
  const mapFile = path.join(dist, `${file}.map`)
  if (!existsSync(mapFile)) {
    const row = bySource.get(file) ?? { raw: 0, gzip: 0 }
    bySource.set(file, { raw: row.raw + code.length, gzip: row.gzip + gzip })
    continue
  }
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')))
  const lines = code.split('\n')
  const raw = new Map<string, number>()
  let previous: { line: number; column: number; source: string } | undefined
  const add = (source: string, bytes: number) => raw.set(source, (raw.get(source) ?? 0) + bytes)
  consumer.eachMapping((mapping) => {
    const at = {
      line: mapping.generatedLine,
      column: mapping.generatedColumn,
      source: mapping.source ?? '(none)',
    }
    if (previous) {
      const bytes =
        previous.line === at.line
          ? at.column - previous.column
          : lines[previous.line - 1]!.length - previous.column
      add(previous.source, bytes)
    }
    previous = at
  })
  if (previous) add(previous.source, lines[previous.line - 1]!.length - previous.column)
  const total = [...raw.values()].reduce((sum, bytes) => sum + bytes, 0)
  for (const [source, bytes] of raw) {
    const key = source.replace(/^.*node_modules\//, 'nm:').replace(/^(\.\.\/)+/, '')
    const row = bySource.get(key) ?? { raw: 0, gzip: 0 }
    row.raw += bytes
    row.gzip += (gzip * bytes) / total
    bySource.set(key, row)
  }
}
const rows = [...bySource].sort((a, b) => b[1].gzip - a[1].gzip)
const groups = new Map<string, number>()
for (const [source, { gzip }] of rows) {
  const group = source.startsWith('nm:')
    ? source
        .split('/')
        .slice(0, source.startsWith('nm:@') ? 2 : 1)
        .join('/')
    : 'app'
  groups.set(group, (groups.get(group) ?? 0) + gzip)
}
console.log(`${name}: ${(entry.bytes / 1024).toFixed(1)} KB gzip in ${entry.files.length} files`)
for (const [group, gzip] of [...groups].sort((a, b) => b[1] - a[1]))
  console.log(`  ${(gzip / 1024).toFixed(2).padStart(7)} KB  ${group}`)
console.log('\nlargest sources')
for (const [source, { raw, gzip }] of rows.slice(0, Number(process.env.TOP ?? 60)))
  console.log(`  ${(gzip / 1024).toFixed(2).padStart(7)} KB  ${String(raw).padStart(7)} B  ${source}`)
