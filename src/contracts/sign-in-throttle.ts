// Sign-in throttles as administrators see them (docs/domain.md "Sign-in limits").
import { z } from 'zod'

export const signInThrottleAddressSchema = z.object({
  address: z.string(),
  /** Failures from this address on this account in the last 24 h (since its last success there). */
  failures: z.number().int(),
  /** Until when this address must wait before its next try on this account; null = may try. */
  blockedUntil: z.date().nullable(),
})

export const signInThrottleSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Failures from every address in the last hour, against the per-account cap. */
  failures: z.number().int(),
  cap: z.number().int(),
  /** Until when the account is capped (no sign-in from anywhere); null = under the cap. */
  cappedUntil: z.date().nullable(),
  addresses: z.array(signInThrottleAddressSchema),
})
export type SignInThrottle = z.infer<typeof signInThrottleSchema>
