// JavaScript a first visit of /login needs (measured in Chromium: every script the page loads until
// the form is usable, gzip-compressed at level 9), and the largest route chunks of the build.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { formatKb, startAppServer } from './lib.ts'

const gz = (buffer: Buffer) => gzipSync(buffer, { level: 9 }).length
export const LOGIN_BUDGET_BYTES = 135 * 1024

export async function measureBundle(): Promise<Record<string, number>> {
  const server = await startAppServer()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const page = await browser.newPage()
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.set(new URL(response.url()).pathname, gz(await response.body()))
    })
    await page.goto(`${server.origin}/login`)
    await page.getByRole('button', { name: 'Se connecter' }).waitFor()
    await page.waitForLoadState('networkidle')
    const total = [...scripts.values()].reduce((a, b) => a + b, 0)
    console.log(`\n## First visit of /login: JavaScript loaded (gzip -9)`)
    for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1]))
      console.log(`  ${formatKb(size).padStart(9)}  ${file}`)
    const verdict = total <= LOGIN_BUDGET_BYTES ? 'OK' : 'OVER BUDGET'
    console.log(`  total ${formatKb(total)} (budget ${formatKb(LOGIN_BUDGET_BYTES)}) → ${verdict}`)

    const assets = path.resolve('dist/assets')
    const chunks = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({
        f,
        raw: statSync(path.join(assets, f)).size,
        gzip: gz(readFileSync(path.join(assets, f))),
      }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 8)
    console.log(`\n## Largest chunks of the build (gzip -9 / raw)`)
    for (const c of chunks)
      console.log(`  ${formatKb(c.gzip).padStart(9)} / ${formatKb(c.raw).padStart(9)}  ${c.f}`)
    return { loginJsGzipBytes: total }
  } finally {
    await browser.close()
    await server.stop()
  }
}
