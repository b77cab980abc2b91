import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TextField } from './text-field.tsx'

describe('TextField', () => {
  it('is reachable by its label and reports what the user types', async () => {
    function Controlled() {
      const [email, setEmail] = useState('')
      return (
        <>
          <TextField label="Adresse e-mail" name="email" type="email" value={email} onChange={setEmail} />
          <output>{email}</output>
        </>
      )
    }
    render(<Controlled />)

    const input = screen.getByLabelText('Adresse e-mail')
    await userEvent.type(input, 'teleop1@demo.fr')

    expect(screen.getByRole('status').textContent).toBe('teleop1@demo.fr')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBeNull()
  })

  it('marks the input invalid and describes it with the error message', () => {
    render(<TextField label="Mot de passe" name="password" type="password" error="Mot de passe requis" />)

    const input = screen.getByLabelText('Mot de passe')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const describedBy = input.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toBe('Mot de passe requis')
  })

  it('works uncontrolled inside a form', () => {
    render(
      <form aria-label="Connexion">
        <TextField label="Adresse e-mail" name="email" defaultValue="admin@demo.fr" />
      </form>,
    )
    const form = screen.getByRole('form', { name: 'Connexion' }) as HTMLFormElement
    expect(new FormData(form).get('email')).toBe('admin@demo.fr')
  })
})
