// The form-level error line of the auth pages (announced to screen readers as it appears).
export type FormErrorProps = { message: string | null | undefined }

export function FormError({ message }: FormErrorProps) {
  if (!message) return null
  return (
    <p className="auth-form__error" role="alert">
      {message}
    </p>
  )
}
