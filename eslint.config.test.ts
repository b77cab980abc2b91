// The lint configuration enforces the layers of conventions §2 (issue #10): snippets linted as if
// they sat at a given path, through ESLint's Node API and this repository's eslint.config.js.
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: import.meta.dirname })

// Loading the configuration and typescript-eslint's parser takes a few seconds, once.
beforeAll(async () => {
  await eslint.lintText('export {}\n', { filePath: 'src/app/warm-up.ts' })
}, 30_000)

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('import-x/'))
    .map((m) => `${m.ruleId}: ${m.message}`)
}

const importCallBar = (from: string) => `import { CallBar } from '${from}'\nexport const shown = CallBar\n`

describe('import boundaries', () => {
  it('refuses a feature importing another feature, by a relative path', async () => {
    const errors = await boundaryErrors('src/features/leads/probe.ts', importCallBar('../calls/call-bar.tsx'))
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports another feature/),
    ])
  })

  it('lets src/app import the same feature module', async () => {
    const errors = await boundaryErrors('src/app/probe.ts', importCallBar('../features/calls/call-bar.tsx'))
    expect(errors).toEqual([])
  })

  it('lets a feature import its own modules', async () => {
    const errors = await boundaryErrors('src/features/calls/probe.ts', importCallBar('./call-bar.tsx'))
    expect(errors).toEqual([])
  })

  it('keeps the server to src/contracts', async () => {
    const code = `import { fr } from '../src/i18n/fr.ts'\nimport { toE164 } from '../src/contracts/phone.ts'\nexport const used = [fr, toE164]\n`
    const errors = await boundaryErrors('server/probe.ts', code)
    expect(errors).toEqual([expect.stringMatching(/"\.\.\/src\/i18n\/fr\.ts".*only src\/contracts/)])
  })

  it('keeps React out of src/contracts', async () => {
    const errors = await boundaryErrors(
      'src/contracts/probe.ts',
      `import { useState } from 'react'\nexport const hook = useState\n`,
    )
    expect(errors).toEqual([expect.stringMatching(/"react".*no DOM and no React/)])
  })

  it('refuses an import cycle', async () => {
    // src/contracts/lead.ts imports safe-text.ts: safe-text.ts importing lead.ts back closes a cycle.
    const code = `import { leadRefSchema } from './lead.ts'\nexport const schema = leadRefSchema\n`
    const errors = await boundaryErrors('src/contracts/safe-text.ts', code)
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle:/)])
  })
})

// Issue #28 point 2: the server's floors. Each probe imports a real module of the floor named.
describe('server zones', () => {
  const probe = (from: string) => `import * as probe from '${from}'\nexport const used = probe\n`
  const refused = async (filePath: string, from: string) => boundaryErrors(filePath, probe(from))

  it('refuses the domain importing a plugin or a route', async () => {
    expect(await refused('server/domain/leads/probe.ts', '../../plugins/jobs.ts')).toEqual([
      expect.stringMatching(/"\.\.\/\.\.\/plugins\/jobs\.ts".*never imports plugins or routes/),
    ])
    expect(await refused('server/domain/leads/probe.ts', '../../routes/leads/index.ts')).toEqual([
      expect.stringMatching(/never imports plugins or routes/),
    ])
  })

  it('lets a route import the domain', async () => {
    expect(await refused('server/routes/leads/probe.ts', '../../domain/leads/access.ts')).toEqual([])
  })

  it('refuses lib, push and the database modules importing the domain', async () => {
    for (const [file, from] of [
      ['server/lib/probe.ts', '../domain/leads/access.ts'],
      ['server/push/probe.ts', '../domain/leads/access.ts'],
      ['server/db/probe.ts', '../domain/appointments/slots.ts'],
    ] as const)
      expect(await refused(file, from)).toEqual([expect.stringMatching(/sit below the domain/)])
  })

  it('lets the demo seed import the domain', async () => {
    expect(await refused('server/db/seed-probe.ts', '../domain/appointments/slots.ts')).toEqual([])
  })

  it('keeps the live channel above the domain, its bus interface aside', async () => {
    expect(await refused('server/domain/leads/probe.ts', '../../live/hub.ts')).toEqual([
      expect.stringMatching(/only its bus interface/),
    ])
    expect(await refused('server/domain/leads/probe.ts', '../../live/bus-topics.ts')).toEqual([])
  })

  it('reaches telephony through its provider interface only', async () => {
    expect(await refused('server/domain/calls/probe.ts', '../../telephony/simulator.ts')).toEqual([
      expect.stringMatching(/through its provider interface/),
    ])
    expect(await refused('server/domain/calls/probe.ts', '../../telephony/provider.ts')).toEqual([])
    expect(await refused('server/plugins/telephony-probe.ts', '../telephony/simulator.ts')).toEqual([
      expect.stringMatching(/through its provider interface/),
    ])
  })

  it('refuses telephony importing the domain', async () => {
    expect(await refused('server/telephony/probe.ts', '../domain/calls/state.ts')).toEqual([
      expect.stringMatching(/knows nothing of the domain/),
    ])
  })
})

async function syntaxErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports')
    .map((m) => `${m.ruleId}: ${m.message}`)
}

// Issue #28 point 3: every queue's worker is registered from server/jobs/queues.ts by one plugin.
describe('one home for jobs', () => {
  const work = `import type { FastifyInstance } from 'fastify'
export function register(app: FastifyInstance) {
  app.jobs.work('probe', {}, async () => {})
}
`

  it('refuses app.jobs.work outside server/plugins/workers.ts', async () => {
    for (const file of [
      'server/routes/imports/probe.ts',
      'server/plugins/mails.ts',
      'server/domain/sms/probe.ts',
    ])
      expect(await syntaxErrors(file, work)).toEqual([
        expect.stringMatching(
          /^no-restricted-syntax: Only server\/plugins\/workers\.ts calls app\.jobs\.work/,
        ),
      ])
  })

  it('keeps the queue modules above the domain', async () => {
    const code = `import { JOB_QUEUES } from '../../jobs/queues.ts'\nexport const used = JOB_QUEUES\n`
    expect(await boundaryErrors('server/domain/mails/probe.ts', code)).toEqual([
      expect.stringMatching(/never imports plugins or routes/),
    ])
  })

  it('lets server/plugins/workers.ts and the engine tests call it', async () => {
    expect(await syntaxErrors('server/plugins/workers.ts', work)).toEqual([])
    expect(await syntaxErrors('server/plugins/jobs.test.ts', work)).toEqual([])
  })
})

// Issue #28 point 4: a route module makes domain calls; queries and refusals are the domain's.
describe('thin routes', () => {
  const route = (body: string) => `import type { FastifyInstance } from 'fastify'
export default async function probe(app: FastifyInstance) {
  app.get('/api/probe', { config: { access: 'public' } }, async (_request, reply) => {
${body}
  })
}
`
  const thin = /^no-restricted-(imports|syntax): .*A route makes domain calls only/

  it('refuses a route importing Drizzle, the schema or the database', async () => {
    for (const from of ['drizzle-orm', '../../db/schema.ts', '../../db/client.ts', '../../lib/http-error.ts'])
      expect(
        await syntaxErrors(
          'server/routes/leads/probe.ts',
          `import * as probe from '${from}'\nexport const used = probe\n`,
        ),
      ).toEqual([expect.stringMatching(thin)])
  })

  it('refuses a route throwing or answering a 4xx of its own', async () => {
    expect(await syntaxErrors('server/routes/leads/probe.ts', route("    throw new Error('no')"))).toEqual([
      expect.stringMatching(thin),
    ])
    for (const answer of ['code', 'status'])
      expect(
        await syntaxErrors('server/routes/leads/probe.ts', route(`    return reply.${answer}(403).send({})`)),
      ).toEqual([expect.stringMatching(thin)])
  })

  it('lets a route answer a success or a 503, and the dev routes and tests do as they need', async () => {
    expect(
      await syntaxErrors('server/routes/leads/probe.ts', route('    return reply.status(201).send({})')),
    ).toEqual([])
    expect(
      await syntaxErrors('server/routes/system/probe.ts', route('    return reply.status(503).send({})')),
    ).toEqual([])
    const raw = `import { sql } from 'drizzle-orm'\nexport const probe = () => { throw new Error(String(sql)) }\n`
    expect(await syntaxErrors('server/routes/dev/probe.ts', raw)).toEqual([])
    expect(await syntaxErrors('server/routes/leads/probe.test.ts', raw)).toEqual([])
  })

  it('lets the domain query and refuse', async () => {
    const domain = `import { sql } from 'drizzle-orm'\nimport { errors } from '../../lib/http-error.ts'\nexport const probe = () => { throw errors.forbidden(String(sql)) }\n`
    expect(await syntaxErrors('server/domain/leads/probe.ts', domain)).toEqual([])
  })
})

describe('max-lines', () => {
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => `export const line${i} = ${i}`).join('\n') + '\n'

  it('warns on a source file over 300 lines, not on a test', async () => {
    const [source] = await eslint.lintText(lines(301), { filePath: 'src/api/probe.ts' })
    const [test] = await eslint.lintText(lines(301), { filePath: 'src/api/probe.test.ts' })
    expect(source?.messages.map((m) => m.ruleId)).toEqual(['max-lines'])
    expect(test?.messages).toEqual([])
  })
})
