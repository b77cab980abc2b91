// `npm test`'s static checks at once: the type checks, ESLint and Prettier each use one core, so on
// CI's two cores they end in about the time of the longest instead of the sum (issue #28 point 7).
// Each command's output is printed whole once it ends; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process'

const CHECKS: [name: string, command: string, args: string[]][] = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['eslint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['prettier', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
]

function run([name, command, args]: (typeof CHECKS)[number]): Promise<boolean> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      console.log(
        `${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)${output.trim() ? `\n${output.trimEnd()}` : ''}`,
      )
      resolve(code === 0)
    })
  })
}

const results = await Promise.all(CHECKS.map(run))
process.exitCode = results.every(Boolean) ? 0 : 1
