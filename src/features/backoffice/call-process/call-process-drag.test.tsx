// Issue #12 "Call processes": a step moves with dnd-kit's keyboard sensor (Space on the handle,
// arrows, Space), announced in French. jsdom lays nothing out: each step gets a box by its place.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../tests/setup/render-app.tsx'
import { callProcessServer } from './call-process-test-server.ts'

const STEP_HEIGHT = 200

function boxOf(top: number, height: number): DOMRect {
  return { x: 0, y: top, top, left: 0, width: 600, height, right: 600, bottom: top + height } as DOMRect
}

let layout: { mockRestore: () => void } | null = null

beforeEach(() => {
  const original = Element.prototype.getBoundingClientRect
  layout = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const step = this.closest('[data-step-key]')
    if (!step?.parentElement) return original.call(this)
    const index = [...step.parentElement.children].indexOf(step)
    return step === this ? boxOf(index * STEP_HEIGHT, STEP_HEIGHT - 10) : boxOf(index * STEP_HEIGHT, 40)
  })
})

afterEach(() => {
  layout?.mockRestore()
})

function stepHeadings(): string[] {
  return within(screen.getByRole('region', { name: 'Étapes' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '')
}

describe('dragging a step with the keyboard', () => {
  it('moves the step where it is dropped and says so in French', async () => {
    callProcessServer()
    renderApp('/backoffice/call-process/5')
    await screen.findByRole('heading', { level: 1, name: 'Isolation' }, { timeout: 5000 })
    const handle = screen.getByRole('button', { name: 'Déplacer l’étape 1' })
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable')
    handle.focus()
    await userEvent.keyboard(' ')
    // Picked up: announced over its own place.
    expect(await screen.findByText('Étape 1 : position 1.')).toBeTruthy()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByText('Étape 1 : position 2.')).toBeTruthy())
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(stepHeadings()).toEqual([
        'Étape 1 – Qualification',
        'Étape 2 – Accueil',
        'Étape 3 – Rendez-vous',
      ]),
    )
    expect(screen.getByText('Étape 1 déposée en position 2.')).toBeTruthy()
  })
})
