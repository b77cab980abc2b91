// /forgot-password (spec §2, public).
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx'

export function Component() {
  return <ForgotPasswordForm />
}
