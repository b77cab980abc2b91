// Shared steps of the end-to-end tests (real server, real build, Debian Chromium).
import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo1234!'

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

export async function signInFromLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/home$/)
}
