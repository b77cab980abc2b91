import { useRef, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Modal } from './modal.tsx'
import { Notifications } from './notifications.tsx'

function renderOpen(onClose = vi.fn()) {
  render(
    <Modal open onClose={onClose} title="Confirmer" size="sm" closeLabel="Fermer">
      <p>Contenu</p>
      <button type="button">Valider</button>
    </Modal>,
  )
  return onClose
}

/** A page with a button that opens the modal, as a user meets it. */
function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Confirmer" closeLabel="Fermer">
        <input aria-label="Nom" />
        <button type="button">Valider</button>
      </Modal>
    </>
  )
}

/** A modal that opens a second one from inside it, as a confirmation inside a form would. */
function StackedHarness() {
  const [outerOpen, setOuterOpen] = useState(false)
  const [innerOpen, setInnerOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOuterOpen(true)}>
        Ouvrir
      </button>
      <Modal open={outerOpen} onClose={() => setOuterOpen(false)} title="Fiche" closeLabel="Fermer la fiche">
        <button type="button" onClick={() => setInnerOpen(true)}>
          Supprimer
        </button>
        <Modal
          open={innerOpen}
          onClose={() => setInnerOpen(false)}
          title="Confirmer"
          closeLabel="Fermer la confirmation"
        >
          <p>Sûr ?</p>
        </Modal>
      </Modal>
    </>
  )
}

function isInert(element: Element): boolean {
  return element.closest('[inert]') !== null
}

describe('Modal', () => {
  it('renders nothing when closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Confirmer">
        <p>Contenu</p>
      </Modal>,
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is a modal dialog named by its title, rendered in document.body, with its size class', () => {
    const { container } = render(
      <Modal open onClose={() => {}} title="Confirmer" size="lg">
        <p>Contenu</p>
      </Modal>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Confirmer' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(container.contains(dialog)).toBe(false)
    expect(document.body.contains(dialog)).toBe(true)
    expect(dialog.className).toContain('modal--lg')
  })

  it('closes on Escape', async () => {
    const onClose = renderOpen()
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('closes on a click on the overlay but not on a click inside the dialog', async () => {
    const onClose = renderOpen()
    const dialog = screen.getByRole('dialog')

    await userEvent.click(screen.getByText('Contenu'))
    await userEvent.click(dialog)
    expect(onClose).not.toHaveBeenCalled()

    await userEvent.click(dialog.parentElement as HTMLElement)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('closes on its close icon', async () => {
    const onClose = renderOpen()
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('moves focus into the dialog, traps Tab and Shift+Tab, and restores focus on close', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Ouvrir' })

    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Confirmer' })
    expect(document.activeElement).toBe(dialog)

    const close = screen.getByRole('button', { name: 'Fermer' })
    const name = screen.getByRole('textbox', { name: 'Nom' })
    const confirm = screen.getByRole('button', { name: 'Valider' })
    await user.tab()
    expect(document.activeElement).toBe(close)
    await user.tab()
    expect(document.activeElement).toBe(name)
    await user.tab()
    expect(document.activeElement).toBe(confirm)
    await user.tab()
    expect(document.activeElement).toBe(close)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(confirm)

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('makes the rest of the page inert while open, and gives it back on close', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Ouvrir' })

    await user.click(opener)
    expect(isInert(opener)).toBe(true)
    expect(isInert(screen.getByRole('dialog'))).toBe(false)

    await user.keyboard('{Escape}')
    expect(isInert(opener)).toBe(false)
    expect(document.body.querySelector('[inert]')).toBeNull()
  })

  it('leaves the notification stack reachable, so an error raised meanwhile is announced and dismissable', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Harness />
        <Notifications
          items={[{ id: 1, kind: 'error', message: 'Erreur' }]}
          onDismiss={() => {}}
          closeLabel="Masquer"
        />
      </>,
    )

    await user.click(screen.getByRole('button', { name: 'Ouvrir' }))

    expect(isInert(screen.getByRole('button', { name: 'Ouvrir' }))).toBe(true)
    expect(isInert(screen.getByRole('alert'))).toBe(false)
  })

  it('keeps an element that was already inert inert after closing', async () => {
    const user = userEvent.setup()
    const alreadyInert = document.createElement('div')
    alreadyInert.setAttribute('inert', '')
    document.body.append(alreadyInert)
    render(<Harness />)

    await user.click(screen.getByRole('button', { name: 'Ouvrir' }))
    await user.keyboard('{Escape}')

    expect(alreadyInert.hasAttribute('inert')).toBe(true)
    alreadyInert.remove()
  })

  it('with stacked modals, only the top one is live and the page stays inert until the last closes', async () => {
    const user = userEvent.setup()
    render(<StackedHarness />)
    const opener = screen.getByRole('button', { name: 'Ouvrir' })
    await user.click(opener)
    const remove = screen.getByRole('button', { name: 'Supprimer' })

    await user.click(remove)
    const confirm = screen.getByRole('dialog', { name: 'Confirmer' })
    expect(isInert(confirm)).toBe(false)
    expect(isInert(remove)).toBe(true)
    expect(isInert(opener)).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Fermer la confirmation' }))
    expect(screen.queryByRole('dialog', { name: 'Confirmer' })).toBeNull()
    expect(isInert(remove)).toBe(false)
    expect(isInert(opener)).toBe(true)
    expect(document.activeElement).toBe(remove)

    await user.click(screen.getByRole('button', { name: 'Fermer la fiche' }))
    expect(document.body.querySelector('[inert]')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('focuses the element given as initialFocusRef', async () => {
    function WithInitialFocus() {
      const continueRef = useRef<HTMLButtonElement>(null)
      return (
        <Modal open onClose={() => {}} title="Confirmer" initialFocusRef={continueRef}>
          <button type="button" ref={continueRef}>
            Continuer
          </button>
        </Modal>
      )
    }
    render(<WithInitialFocus />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continuer' }))
  })
})
