// /reset-password?token=… (spec §2, public).
import { ResetPassword } from '../features/auth/reset-password.tsx'

export function Component() {
  return <ResetPassword />
}
