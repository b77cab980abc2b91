import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { judge, leaks, measureBuild, runGate } from './bundle-gate.ts'

// A build in miniature: index.html's entry, the chunks of /login and /home, one back-office screen,
// each with a source map naming its sources. Random bytes do not compress, so a file of n bytes
// weighs about n bytes gzipped.
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

type Chunk = { file: string; bytes: number; sources: string[]; imports?: string[] }

function fakeBuild(chunks: Record<string, Chunk>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bundle-gate-'))
  dirs.push(dist)
  mkdirSync(path.join(dist, 'assets'))
  mkdirSync(path.join(dist, '.vite'))
  const manifest: Record<string, { file: string; imports?: string[] }> = {}
  for (const [key, chunk] of Object.entries(chunks)) {
    writeFileSync(path.join(dist, chunk.file), randomBytes(chunk.bytes))
    writeFileSync(path.join(dist, `${chunk.file}.map`), JSON.stringify({ sources: chunk.sources }))
    manifest[key] = { file: chunk.file, imports: chunk.imports }
  }
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><script type="module" crossorigin src="/assets/boot.js"></script></head></html>',
  )
  writeFileSync(path.join(dist, 'sw.js'), randomBytes(1000))
  // The script a painted page (the sign-in form) loads to start the entry after the paint.
  writeFileSync(path.join(dist, 'first-paint.js'), randomBytes(200))
  return dist
}

const base: Record<string, Chunk> = {
  _boot: { file: 'assets/boot.js', bytes: 50_000, sources: ['../../node_modules/react-dom/index.js'] },
  'src/app/layouts/public-layout.tsx': { file: 'assets/public.js', bytes: 1_000, sources: [] },
  'src/routes/login.tsx': {
    file: 'assets/login.js',
    bytes: 2_000,
    sources: ['../../src/routes/login.tsx'],
    imports: ['_forms'],
  },
  _forms: { file: 'assets/forms.js', bytes: 3_000, sources: ['../../src/components/ui/button.tsx'] },
  'src/app/layouts/main-layout.tsx': {
    file: 'assets/main.js',
    bytes: 4_000,
    sources: [],
    imports: ['_private'],
  },
  _private: { file: 'assets/private.js', bytes: 5_000, sources: ['../../src/api/leads.ts'] },
  'src/routes/home.tsx': { file: 'assets/home.js', bytes: 6_000, sources: ['../../src/routes/home.tsx'] },
  'src/routes/backoffice/tags.tsx': {
    file: 'assets/tags.js',
    bytes: 7_000,
    sources: ['../../src/features/backoffice/tags/tags-screen.tsx'],
  },
}

const kb = (bytes: number) => bytes / 1024
const measured = (dist: string, name: string) => measureBuild(dist).find((entry) => entry.name === name)!

describe('bundle gate', () => {
  it('measures a first visit as the entry plus the chunks the shell preloads for its route', () => {
    const dist = fakeBuild(base)
    const login = measured(dist, 'login')
    // /login is painted: the script that starts the entry after the paint is part of its visit.
    expect(login.files).toEqual([
      'assets/boot.js',
      'assets/forms.js',
      'assets/login.js',
      'assets/public.js',
      'first-paint.js',
    ])
    expect(kb(login.bytes)).toBeGreaterThan(kb(56_200))
    expect(kb(login.bytes)).toBeLessThan(kb(57_200))
    expect(measured(dist, 'home').files).toEqual([
      'assets/boot.js',
      'assets/home.js',
      'assets/main.js',
      'assets/private.js',
    ])
    // What every private page loads beyond the entry, and a screen's own chunk beyond that.
    expect(measured(dist, 'private').files).toEqual(['assets/main.js', 'assets/private.js'])
    expect(measured(dist, 'route:backofficeTags').files).toEqual(['assets/tags.js'])
  })

  it('fails a measure over its budget, and one that has no budget', () => {
    const measures = [
      { name: 'login', bytes: 2048, files: [] },
      { name: 'sw', bytes: 1024, files: [] },
      { name: 'route:new', bytes: 10, files: [] },
    ]
    expect(judge(measures, { login: 2, sw: 0.9 }).map((verdict) => verdict.ok)).toEqual([true, false, false])
  })

  it('finds back-office, activity and full zod code bundled into /login or /home', () => {
    const dist = fakeBuild({
      ...base,
      _boot: {
        ...base._boot!,
        sources: ['../../node_modules/zod/v4/classic/schemas.js', '../../src/api/missions.ts'],
      },
      'src/routes/home.tsx': {
        ...base['src/routes/home.tsx']!,
        sources: ['../../node_modules/chart.js/dist/chart.js'],
      },
    })
    const found = leaks(dist, measureBuild(dist))
    expect(found).toEqual(
      expect.arrayContaining([
        'full zod: ../../node_modules/zod/v4/classic/schemas.js in assets/boot.js',
        'back office: ../../src/api/missions.ts in assets/boot.js',
        'activity / charts: ../../node_modules/chart.js/dist/chart.js in assets/home.js',
      ]),
    )
    // The back-office screen's own chunk is not a first visit: its sources are allowed there.
    expect(found.some((line) => line.includes('tags-screen'))).toBe(false)
  })

  it('exits 1 on a one-chunk regression and 0 within every budget', () => {
    const out = { log: vi.fn(), error: vi.fn() }
    const dist = fakeBuild(base)
    const budgets = { ...Object.fromEntries(measureBuild(dist).map((entry) => [entry.name, 100])), login: 60 }
    expect(runGate(dist, budgets, out)).toBe(0)
    const grown = fakeBuild({ ...base, _forms: { ...base._forms!, bytes: 12_000 } })
    expect(runGate(grown, budgets, out)).toBe(1)
    expect(out.error).toHaveBeenCalledWith(expect.stringContaining('1 budget(s) missed'))
  })
})
