// Conventions §3.11: any console.error during a test fails it.
import { afterEach, beforeEach, vi } from 'vitest'

let calls: unknown[][] = []

beforeEach(() => {
  calls = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (calls.length > 0) {
    const text = calls.map((args) => args.map(String).join(' ')).join('\n')
    throw new Error(`console.error was called during the test:\n${text}`)
  }
})
