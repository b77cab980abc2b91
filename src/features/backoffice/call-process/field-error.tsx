// A field's French error, next to it (conventions: bad input → a clear message by the field).
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="call-process-field__error">
      {message}
    </p>
  )
}
