// /login (spec §2, public). Kept light: no main layout, no zod, no Sentry.
import { LoginForm } from '../features/auth/login-form.tsx'

export function Component() {
  return <LoginForm />
}
