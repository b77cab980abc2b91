// Issue #15 "Scheduled jobs": what a failed run records of its error — its reason, never a secret.
import { describe, expect, it } from 'vitest'
import { runErrorMessage } from './run-errors.ts'

describe('the error a failed run records', () => {
  it('keeps the first line of the reason, without the stack', () => {
    const error = new Error('disque plein\n    at purge (stored-files.ts:12:3)')
    expect(runErrorMessage(error)).toBe('disque plein')
  })

  it('keeps the database’s reason, never the statement and its parameters', () => {
    const cause = new Error('relation "imports" does not exist')
    const error = new Error('Failed query: select * from imports where token = $1\nparams: s3cret', { cause })
    expect(runErrorMessage(error)).toBe('relation "imports" does not exist')
  })

  it('hides the credentials of an address and a bearer token', () => {
    expect(runErrorMessage(new Error('connect to smtps://mailer:p4ss@smtp.example.fr failed'))).toBe(
      'connect to smtps://***@smtp.example.fr failed',
    )
    expect(runErrorMessage(new Error('401 with Authorization: Bearer abc.def-123'))).toBe(
      '401 with Authorization: Bearer ***',
    )
  })

  it('bounds its length and names an error without a message', () => {
    expect(runErrorMessage(new Error('x'.repeat(900)))).toHaveLength(500)
    expect(runErrorMessage(new Error(''))).toBe('Erreur sans message.')
    expect(runErrorMessage('texte')).toBe('texte')
  })
})
