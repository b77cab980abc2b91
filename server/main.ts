// Process entry: configuration, listen, graceful close. `npm start` builds the client first.
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type AppConfig } from './config.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed.ts'

/** A configuration error ends the process before anything starts (issue #17: APP_ENV is required). */
function configOrExit(): AppConfig {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const config = configOrExit()
if (config.appEnv === 'production' && !config.publicUrl) {
  console.error('PUBLIC_URL is required when APP_ENV=production (links in e-mails point there).')
  process.exit(1)
}
const app = await buildApp({ config })

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  const timer = setTimeout(() => process.exit(1), 10_000)
  timer.unref()
  await app.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : config.port
const lines = [
  '',
  `  Centre d’appels ${config.version} (${config.appEnv}) — http://localhost:${port}`,
  `  Base de données : ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite embarqué (${config.dataDir})`}`,
]
if (config.appEnv !== 'production') {
  // Issue #17: development tools (/api/dev: role switch, connect as, mailbox) are on; say so loudly.
  lines.push(
    `  Mode démonstration (APP_ENV=${config.appEnv}) : outils de développement actifs (/api/dev),`,
    '  jamais de vraies données ici. En production : APP_ENV=production.',
  )
  app.log.warn(
    { appEnv: config.appEnv, seedDemo: config.seedDemo },
    'mode démonstration: development endpoints (/api/dev) are on',
  )
}
if (config.seedDemo) {
  lines.push(`  Comptes de démonstration (mot de passe ${DEMO_PASSWORD}) :`)
  for (const account of DEMO_ACCOUNTS)
    lines.push(`    ${account.email.padEnd(20)} ${account.role} ${account.status}`)
}
process.stdout.write(lines.join('\n') + '\n\n')
