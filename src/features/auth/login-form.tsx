// Sign-in (issue 2): e-mail and password; the server's French message on failure; on success,
// back to the page the visitor was sent away from (same-origin paths only) or /home.
// « Rester connecté sur cet appareil » (issue #17): off by default, the session ends with the browser.
import { useId, useRef, useState, type FormEvent } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { authMutations } from '../../api/auth.ts'
import { paths, safeReturnTo } from '../../contracts/app-paths.ts'
import { Button } from '../../components/ui/button.tsx'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { screenTitles, signIn } from '../../i18n/fr/sign-in.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../api/error-message.ts'
import './auth-forms.css'
import { FormError } from './form-error.tsx'
import { useFirstPaintInput } from './first-paint-input.ts'

const t = signIn

type Credentials = { email: string; password: string; rememberMe: boolean }

/**
 * The sign-in mutation, run through the mutation cache as `useMutation` would (the cache's error
 * policy, the other tabs told of the new session, `me` replaced) but without its observer: this form
 * is the first visit of /login (issue #27), the signed-in pages load the observer with their own.
 */
function useSignIn(queryClient: QueryClient) {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({
    isPending: false,
    error: null,
  })
  function mutate(credentials: Credentials, onSuccess: () => void) {
    setState({ isPending: true, error: null })
    queryClient
      .getMutationCache()
      .build(queryClient, authMutations.login(queryClient))
      .execute(credentials)
      .then(
        () => {
          setState({ isPending: false, error: null })
          onSuccess()
        },
        (error: Error) => setState({ isPending: false, error }),
      )
  }
  return { ...state, mutate }
}

export function LoginForm() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const login = useSignIn(queryClient)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const rememberHintId = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const rememberMeRef = useRef<HTMLInputElement>(null)

  function submit(credentials: Credentials) {
    login.mutate(credentials, () => {
      navigate(safeReturnTo(searchParams.get('returnTo')) ?? paths.home(), { replace: true })
    })
  }

  // Issue #11: the first key press on the login page is the e-mail address. Issue #27: what was typed
  // into the server-painted form before this one took over is kept.
  useFirstPaintInput(
    'login',
    { email: emailRef, password: passwordRef, rememberMe: rememberMeRef },
    (input) => {
      const carried = {
        email: input.text.email ?? '',
        password: input.text.password ?? '',
        rememberMe: input.checked.rememberMe ?? false,
      }
      setEmail(carried.email)
      setPassword(carried.password)
      setRememberMe(carried.rememberMe)
      // Its button was pressed before this form took over: the sign-in goes now.
      if (input.submitted) submit(carried)
    },
  )
  const errorMessage = login.error && apiErrorMessage(login.error, t.failed)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    submit({ email, password, rememberMe })
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit}>
      <ScreenTitle title={screenTitles.login} />
      <FormError message={errorMessage} />
      <TextField
        label={t.email}
        name="email"
        ref={emailRef}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        error={fieldErrorMessage(login.error, 'email')}
      />
      <TextField
        label={t.password}
        name="password"
        ref={passwordRef}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        error={fieldErrorMessage(login.error, 'password')}
      />
      <label className="auth-form__remember">
        <input
          type="checkbox"
          name="rememberMe"
          ref={rememberMeRef}
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
          aria-describedby={rememberHintId}
        />
        {t.rememberMe}
      </label>
      <p id={rememberHintId} className="auth-form__hint">
        {t.rememberMeHint}
      </p>
      <Button type="submit" busy={login.isPending}>
        {login.isPending ? t.submitting : t.submit}
      </Button>
      <p className="auth-form__links">
        <Link to={paths.forgotPassword()}>{t.forgotPassword}</Link>
      </p>
    </form>
  )
}
