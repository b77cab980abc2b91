// Forgot password (issue 2): asks for the e-mail, then confirms in words that never reveal
// whether an account uses that address (the server answers the same either way).
import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { passwordResetMutations } from '../../api/password-reset.ts'
import { paths } from '../../contracts/app-paths.ts'
import { Button } from '../../components/ui/button.tsx'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { auth, screenTitles } from '../../i18n/fr/auth.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../api/error-message.ts'
import './auth-forms.css'
import { FormError } from './form-error.tsx'

const t = auth.forgotPassword

export function ForgotPasswordForm() {
  const request = useMutation(passwordResetMutations.forgotPassword())
  const [email, setEmail] = useState('')
  const errorMessage = request.error && apiErrorMessage(request.error, t.failed)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    request.mutate(email)
  }

  const title = <ScreenTitle title={screenTitles.forgotPassword} />
  const backToLogin = (
    <p className="auth-form__links">
      <Link to={paths.login()}>{t.backToLogin}</Link>
    </p>
  )

  if (request.isSuccess) {
    return (
      <div className="auth-form">
        {title}
        <p className="auth-form__success" role="status">
          {t.sent}
        </p>
        {backToLogin}
      </div>
    )
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit}>
      {title}
      <p className="auth-form__intro">{t.intro}</p>
      <FormError message={errorMessage} />
      <TextField
        label={t.email}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        error={fieldErrorMessage(request.error, 'email')}
      />
      <Button type="submit" busy={request.isPending}>
        {request.isPending ? t.submitting : t.submit}
      </Button>
      {backToLogin}
    </form>
  )
}
