// /reset-password?token=… (spec §2, public).
import { ResetPassword } from '../features/auth/reset-password.tsx'

export function ResetPasswordRoute() {
  return <ResetPassword />
}
