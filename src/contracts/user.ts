// User and connected-user shapes (spec §3), shared by client and server.
import { z } from 'zod'
import { safeText } from './safe-text.ts'
import { ROLES, USER_STATUSES } from './roles.ts'

export const PREFERENCE_KEYS = ['tour', 'badges', 'tentacalls'] as const
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number]
/** Defaults when a user never set a preference. */
export const DEFAULT_PREFERENCES: Record<PreferenceKey, boolean> = {
  tour: true,
  badges: true,
  tentacalls: true,
}

const email = safeText()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Adresse e-mail invalide.' }))

/** Password rule: at least 8 characters with a letter and a digit (docs/domain.md). */
export const passwordSchema = safeText()
  .min(8, { error: 'Le mot de passe doit contenir au moins 8 caractères.' })
  .max(200, { error: 'Le mot de passe est trop long.' })
  .refine((v) => /\p{L}/u.test(v) && /\d/.test(v), {
    error: 'Le mot de passe doit contenir au moins une lettre et un chiffre.',
  })

export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  aircallId: z.number().int().nullable(),
  avatar: z.string().nullable(),
  teamIds: z.array(z.number().int()),
})
export type User = z.infer<typeof userSchema>

export const callSchema = z.object({
  callId: z.number().int(),
  direction: z.enum(['inbound', 'outbound']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  leadTag: z.number().int().nullable(),
  leadId: z.number().int().nullable(),
  phoneNumber: z.string(),
  status: z.string(),
  duration: z.number(),
  detectedLeadId: z.number().int().nullable(),
})
export type CurrentCall = z.infer<typeof callSchema>

export const meSchema = userSchema.extend({
  experiencePoints: z.number().int(),
  badges: z.array(z.object({ badgeId: z.string(), earnedAt: z.string() })),
  gamification: z.object({
    tentacalls: z.record(z.string(), z.number().int()),
    badges: z.record(z.string(), z.string()),
  }),
  viewingLeadId: z.number().int().nullable(),
  processingLeadId: z.number().int().nullable(),
  callingLeadId: z.number().int().nullable(),
  preferences: z.object({ tour: z.boolean(), badges: z.boolean(), tentacalls: z.boolean() }),
  call: callSchema.nullable(),
  isCallCapable: z.boolean(),
  needsAircallLink: z.boolean(),
})
export type Me = z.infer<typeof meSchema>

export const loginBodySchema = z.object({
  email,
  password: safeText().min(1, { error: 'Le mot de passe est obligatoire.' }).max(200),
  /**
   * « Rester connecté sur cet appareil » (issue #17, docs/domain.md "Sessions"): a persistent session
   * cookie for a personal device; absent or false, the cookie ends with the browser.
   */
  rememberMe: z.boolean().optional(),
})
export type LoginBody = z.infer<typeof loginBodySchema>

/**
 * Sign-out: the endpoint of this browser's push subscription, if it has one, so that the request
 * ending the session also stops this browser's alerts (docs/domain.md "Alerts (push)").
 */
export const logoutBodySchema = z.object({ pushEndpoint: safeText().min(1).max(2048).optional() })
export type LogoutBody = z.infer<typeof logoutBodySchema>

export const forgotPasswordBodySchema = z.object({ email })
export const resetPasswordBodySchema = z.object({
  token: safeText().min(10).max(200),
  password: passwordSchema,
})
export const tokenStatusSchema = z.object({ valid: z.boolean() })

// The user form's schemas (zod/mini), re-exported for the server's older importers (create-admin).
export {
  createUserBodySchema,
  updateUserBodySchema,
  type CreateUserBody,
  type UpdateUserBody,
} from './user-form.ts'

export const preferenceParamsSchema = z.object({ preferenceKey: z.enum(PREFERENCE_KEYS) })
export const preferenceBodySchema = z.object({ preferenceValue: z.boolean() })

export const connectAsBodySchema = z
  .object({ role: z.enum(ROLES).nullish(), userEmail: email.nullish() })
  .refine((v) => Boolean(v.role) || Boolean(v.userEmail), {
    error: 'Indiquez un rôle ou une adresse e-mail.',
  })
export type ConnectAsBody = z.input<typeof connectAsBodySchema>
export const switchRoleBodySchema = z.object({ role: z.enum(ROLES) })

export const appConfigSchema = z.object({
  appEnv: z.enum(['develop', 'uat', 'preprod', 'staging', 'production']),
  version: z.string(),
  sentryDsn: z.string().nullable(),
  /** The server's session idle limit: persisted client data older than this is not shown (issue #17). */
  sessionIdleMinutes: z.number().int().positive(),
})
export type AppConfigPayload = z.infer<typeof appConfigSchema>

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
})
