// The set-up most server test files share: the real app on the test database (createTestApp), closed
// after the file (or describe), emptied before each test, then the file's named users inserted and
// signed in. Call it at the top of a test file or inside a describe:
//
//   const t = signedInServer({ users: { teleop: {}, manager: { role: 'MANAGER' } }, team: ['teleop', 'manager'] })
//   const { teleop: agent, manager } = t.agents
//   const { teleop: me } = t.users
//
// `t.users.x` and `t.agents.x` are stable handles on the current test's row and signed-in agent: take
// them at import, read them inside tests and hooks. Hooks the file registers after this call run after
// the fixture's (vitest runs before-hooks in order).
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { BuildOptions } from '../../server/app.ts'
import type { AppConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/client.ts'
import type { users as usersTable } from '../../server/db/schema.ts'
import { insertTeam, insertUser, type UserFixture } from '../factories/users.ts'
import { createAgent, type Agent } from './agent.ts'
import { createTestApp, type TestApp } from './test-app.ts'

export type UserRow = typeof usersTable.$inferSelect

type TestBuildOptions = Pick<BuildOptions, 'push' | 'logStream'>

export type AgentOptions = {
  /** Headers every request of the agent carries (e.g. a user-agent). */
  headers?: Record<string, string>
  remoteAddress?: string
}

/** A user the fixture inserts before each test: e-mail `<name>@test.fr` unless given. */
export type NamedUser = UserFixture &
  AgentOptions & {
    /** Sign the user in before each test (default: the fixture's `signIn`, true). */
    signIn?: boolean
  }

export type SignedInServerOptions<Name extends string> = {
  /** The app's configuration; a function is called in beforeAll (after the file's earlier hooks). */
  config?: Partial<AppConfig> | (() => Partial<AppConfig>)
  /** Build options (push service, log stream); a function is called in beforeAll, as `config`. */
  build?: TestBuildOptions | (() => TestBuildOptions)
  /** Users inserted before each test, in this order, then signed in. */
  users?: Record<Name, NamedUser>
  /** Sign the users in before each test (default true; a user's own `signIn` overrides it). */
  signIn?: boolean
  /** Users put together in one team ('Équipe') before each test. */
  team?: NoInfer<Name>[]
  /** Empty the database before each test (default true). */
  resetBeforeEach?: boolean
  /** Runs before each reset, e.g. to let the previous test's telephony events land. */
  beforeReset?: (app: FastifyInstance) => unknown
}

export type SignedInServer<Name extends string> = {
  readonly app: FastifyInstance
  readonly database: Database
  /** Empties the database (the fixture does it before each test). */
  reset: () => Promise<void>
  /** The named users' rows in the current test. */
  users: Record<Name, UserRow>
  /** The named users' agents, signed in before each test. */
  agents: Record<Name, Agent>
  /** The id of the `team` ('Équipe') in the current test, e.g. to open a mission to it (issue #26). */
  readonly teamId: number
  /** A fresh agent signed in as `email` (throws if the sign-in fails). */
  signIn: (email: string, options?: AgentOptions) => Promise<Agent>
}

export function signedInServer<Name extends string = never>(
  options: SignedInServerOptions<Name> = {},
): SignedInServer<Name> {
  const named = Object.entries(options.users ?? {}) as [Name, NamedUser][]
  let testApp: TestApp | undefined
  const rows = new Map<Name, UserRow>()
  const agents = new Map<Name, Agent>()
  let teamId: number | undefined

  const current = (): TestApp => {
    if (!testApp)
      throw new Error('signedInServer: the app starts in beforeAll; use it inside tests and hooks')
    return testApp
  }

  async function signIn(email: string, { headers = {}, remoteAddress }: AgentOptions = {}) {
    const agent = createAgent(current().app, headers, remoteAddress)
    const res = await agent.login(email)
    if (res.statusCode !== 200)
      throw new Error(`signedInServer: sign-in of ${email} failed (${res.statusCode})`)
    return agent
  }

  beforeAll(async () => {
    const { config, build } = options
    testApp = await createTestApp(
      typeof config === 'function' ? config() : config,
      typeof build === 'function' ? build() : build,
    )
  })
  afterAll(async () => {
    await testApp?.close()
  })
  beforeEach(async () => {
    const { app, database, reset } = current()
    await options.beforeReset?.(app)
    if (options.resetBeforeEach !== false) await reset()
    rows.clear()
    agents.clear()
    teamId = undefined
    for (const [name, { signIn: _signIn, headers: _headers, remoteAddress: _address, ...fixture }] of named)
      rows.set(name, await insertUser(database.db, { email: `${name}@test.fr`, ...fixture }))
    if (options.team?.length)
      teamId = (
        await insertTeam(
          database.db,
          'Équipe',
          options.team.map((name) => rows.get(name)!.id),
        )
      ).id
    for (const [name, user] of named)
      if (user.signIn ?? options.signIn ?? true) agents.set(name, await signIn(rows.get(name)!.email, user))
  })

  const nameList = named.map(([name]) => name)
  return {
    get app() {
      return current().app
    },
    get database() {
      return current().database
    },
    reset: () => current().reset(),
    get teamId() {
      if (teamId === undefined) throw new Error('signedInServer: no `team` in this test')
      return teamId
    },
    users: Object.fromEntries(
      nameList.map((name) => [name, liveRow(() => found(rows, name, 'user'))]),
    ) as Record<Name, UserRow>,
    agents: Object.fromEntries(
      nameList.map((name) => [name, liveAgent(() => found(agents, name, 'signed-in agent'))]),
    ) as Record<Name, Agent>,
    signIn,
  }
}

function found<Name extends string, T>(map: Map<Name, T>, name: Name, what: string): T {
  const value = map.get(name)
  if (value === undefined) throw new Error(`signedInServer: no ${what} "${name}" in this test (yet)`)
  return value
}

/** An object that reads as the current test's row (property reads, spreads, equality). */
function liveRow(row: () => UserRow): UserRow {
  return new Proxy({} as UserRow, {
    get: (_, key) => Reflect.get(row(), key),
    has: (_, key) => Reflect.has(row(), key),
    ownKeys: () => Reflect.ownKeys(row()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(row(), key)
      return descriptor && { ...descriptor, configurable: true }
    },
  })
}

/** An agent that forwards to the current test's signed-in agent. */
function liveAgent(agent: () => Agent): Agent {
  return {
    request: (options) => agent().request(options),
    login: (email, password) => agent().login(email, password),
    get cookies() {
      return agent().cookies
    },
  }
}
