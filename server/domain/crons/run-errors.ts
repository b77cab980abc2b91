// What a failed run records of its error (issue #15, docs/domain.md "Scheduled jobs"): the reason, on
// one line, without what could be a secret. Never the stack; never a query's parameters (Drizzle's
// "Failed query: … params: …" wraps the database's own error, which is kept instead); never the
// credentials of a URL nor a bearer token.
const MAX_LENGTH = 500

export function runErrorMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error)
  if (error instanceof Error && message.startsWith('Failed query') && error.cause instanceof Error)
    message = error.cause.message
  const line = message
    .split('\n')[0]!
    .replace(/\b([a-z][\w+.-]*:\/\/)[^\s/@]*@/gi, '$1***@')
    .replace(/\b(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 ***')
    .trim()
  const text = line === '' ? 'Erreur sans message.' : line
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text
}
