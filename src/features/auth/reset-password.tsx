// Reset password (issue 2): /reset-password?token=… checks the token first; an invalid or expired
// link says so and offers to ask again; otherwise a new password, typed twice.
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { passwordResetMutations, passwordResetQueries } from '../../api/password-reset.ts'
import { ApiError } from '../../api/client.ts'
import { paths } from '../../contracts/app-paths.ts'
import { Button } from '../../components/ui/button.tsx'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { auth, screenTitles } from '../../i18n/fr/auth.ts'
import { notify } from '../../stores/notifications.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../api/error-message.ts'
import './auth-forms.css'
import { FormError } from './form-error.tsx'

const t = auth.resetPassword
const TOKEN_INVALID = 'TOKEN_INVALID'

function InvalidLink() {
  return (
    <>
      <p className="auth-form__error" role="alert">
        {t.invalidLink}
      </p>
      <p className="auth-form__links">
        <Link to={paths.forgotPassword()}>{t.askAgain}</Link>
      </p>
    </>
  )
}

function isTokenRejected(error: Error | null): boolean {
  return error instanceof ApiError && error.body?.error.code === TOKEN_INVALID
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const reset = useMutation(passwordResetMutations.resetPassword())
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [mismatch, setMismatch] = useState(false)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const differs = password !== confirmation
    setMismatch(differs)
    if (differs) return
    reset.mutate(
      { password, token },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: t.success })
          navigate(paths.login(), { replace: true })
        },
      },
    )
  }

  // The link expired while the form was open: same answer as an invalid link.
  if (isTokenRejected(reset.error)) return <InvalidLink />
  const passwordError = fieldErrorMessage(reset.error, 'password')
  const errorMessage = passwordError ? null : reset.error && apiErrorMessage(reset.error, t.failed)

  return (
    <form className="auth-form" onSubmit={handleSubmit}>
      <FormError message={errorMessage} />
      <TextField
        label={t.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
        error={passwordError}
      />
      <p className="auth-form__hint">{t.hint}</p>
      <TextField
        label={t.confirmation}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={setConfirmation}
        error={mismatch ? t.mismatch : null}
      />
      <Button type="submit" busy={reset.isPending}>
        {reset.isPending ? t.submitting : t.submit}
      </Button>
      <p className="auth-form__links">
        <Link to={paths.login()}>{t.backToLogin}</Link>
      </p>
    </form>
  )
}

function TokenCheck({ token }: { token: string }) {
  const status = useQuery(passwordResetQueries.resetToken(token))
  if (status.isPending) return <p role="status">{t.checking}</p>
  if (status.isError || !status.data.valid) return <InvalidLink />
  return <NewPasswordForm token={token} />
}

export function ResetPassword() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  return (
    <div className="auth-form">
      <ScreenTitle title={screenTitles.resetPassword} />
      {token ? <TokenCheck token={token} /> : <InvalidLink />}
    </div>
  )
}
