// Issue #27 point 4: the sign-in form the server paints in the HTML of /login (server/lib/shell.ts) is
// the live form's own markup, rendered here, less what only works with JavaScript: it is a <div>, so
// Enter cannot submit it natively (no password in a URL), and it has no <title> (the page has one).
// When the form changes, this test fails; `UPDATE_FIRST_PAINT=1 npx vitest run src/app/first-paint`
// writes the new copy.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { LoginForm } from '../../features/auth/login-form.tsx'
import { FIRST_PAINT_ATTRIBUTE } from '../../features/auth/first-paint-input.ts'
import { PublicLayout } from '../layouts/public-layout.tsx'
import { FIRST_PAINT_FILES, firstPaintOf } from '../../contracts/first-paint.ts'

function loginMarkup(): string {
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/login" element={<LoginForm />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return firstPaintOf(markup, 'login')
}

describe('first paint of /login', () => {
  const file = path.resolve(import.meta.dirname, '../../..', FIRST_PAINT_FILES.login)

  it('is the live form’s markup, up to date', () => {
    const markup = loginMarkup()
    if (process.env.UPDATE_FIRST_PAINT === '1' || !existsSync(file)) writeFileSync(file, markup)
    expect(readFileSync(file, 'utf8')).toBe(markup)
  })

  it('cannot be submitted without JavaScript and has no title of its own', () => {
    const markup = readFileSync(file, 'utf8')
    expect(markup).not.toMatch(/<form|<title/)
    expect(markup).toContain(`${FIRST_PAINT_ATTRIBUTE}="login"`)
    expect(markup).toContain('Adresse e-mail')
    expect(markup).toContain('name="password"')
  })
})
