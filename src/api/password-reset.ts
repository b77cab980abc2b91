// The password-reset resource (spec §7): the mail with a reset link, the link's check and the new
// password. Its own module, apart from src/api/auth.ts, which the entry imports: only the two
// password pages load it (issue #27: not part of the first visit of /login).
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { authQueries, type OkResponse } from './auth.ts'
import { apiRequest } from './client.ts'

export type TokenStatus = { valid: boolean }
export type ResetPasswordBody = { password: string; token: string }

export function forgotPassword(email: string): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/forgotPassword', {
    method: 'POST',
    body: { email },
    redirectOn401: false,
  })
}

export function checkResetToken(token: string, signal?: AbortSignal): Promise<TokenStatus> {
  return apiRequest<TokenStatus>(`/api/user/token/${encodeURIComponent(token)}`, {
    signal,
    redirectOn401: false,
  })
}

export function resetPassword(body: ResetPasswordBody): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/resetPassword', { method: 'POST', body, redirectOn401: false })
}

export const passwordResetQueries = {
  resetToken: (token: string) =>
    queryOptions({
      queryKey: [...authQueries.all(), 'reset-token', token] as const,
      queryFn: ({ signal }) => checkResetToken(token, signal),
      staleTime: Infinity,
      retry: false,
    }),
}

export const passwordResetMutations = {
  forgotPassword: () => mutationOptions({ mutationFn: forgotPassword }),
  resetPassword: () => mutationOptions({ mutationFn: resetPassword }),
}
