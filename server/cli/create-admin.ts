// `npm run create-admin -- <e-mail> [prénom] [nom]` (issue #12): the first administrator of a call
// centre started without demo data (APP_ENV=production, or SEED_DEMO=false). It opens the configured
// database (DATABASE_URL, else the PGlite directory DATA_DIR), applies the migrations, creates an
// active administrator whose password nobody knows, and prints a one-hour, single-use link where they
// choose it (PUBLIC_URL, else this server's address). Nothing is logged: the link goes to the
// operator's terminal only.
import { ConfigError, loadConfig, type AppConfig } from '../config.ts'
import { openDatabase, type Db } from '../db/client.ts'
import { createUserBodySchema } from '../../src/contracts/user.ts'
import { HttpError } from '../lib/http-error.ts'
import { createUser } from '../domain/users/changes.ts'
import { issuePasswordToken, passwordLinkUrl, RESET_TOKEN_TTL_MS } from '../domain/access/password-reset.ts'

export const USAGE = 'Usage : npm run create-admin -- <adresse e-mail> [prénom] [nom]'

export type CreateAdminResult = { ok: true; userId: number; link: string } | { ok: false; message: string }

/** Validates the arguments, creates the administrator and their password link. */
export async function createAdmin(
  db: Db,
  args: readonly string[],
  origin: string,
): Promise<CreateAdminResult> {
  const [email, firstName = 'Administrateur', lastName = 'Principal'] = args
  if (!email) return { ok: false, message: USAGE }
  const body = createUserBodySchema.safeParse({ email, firstName, lastName, role: 'ADMIN', status: 'ACTIVE' })
  if (!body.success) {
    const issue = body.error.issues[0]
    return {
      ok: false,
      message: `${issue?.path.join('.') ?? ''} : ${issue?.message ?? 'invalide'}\n${USAGE}`,
    }
  }
  try {
    const user = await createUser(db, body.data)
    const token = await issuePasswordToken(db, user.id)
    return { ok: true, userId: user.id, link: passwordLinkUrl(origin, token) }
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, message: error.message }
    throw error
  }
}

function originOf(config: AppConfig): string {
  const origin = config.publicUrl ?? `http://localhost:${config.port}`
  return origin.endsWith('/') ? origin.slice(0, -1) : origin
}

async function main(): Promise<number> {
  let config: AppConfig
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    return 1
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    const result = await createAdmin(database.db, process.argv.slice(2), originOf(config))
    if (!result.ok) {
      console.error(result.message)
      return 1
    }
    const hours = RESET_TOKEN_TTL_MS / 3_600_000
    process.stdout.write(
      [
        `Administrateur créé (n° ${result.userId}).`,
        `Lien pour choisir son mot de passe (valable ${hours} h, une seule fois) :`,
        result.link,
        'Passé ce délai : « Mot de passe oublié » sur la page de connexion.',
        '',
      ].join('\n'),
    )
    return 0
  } finally {
    await database.close()
  }
}

if (import.meta.main) process.exitCode = await main()
