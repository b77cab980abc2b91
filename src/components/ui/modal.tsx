// Modal dialog (spec §2): sizes sm/md/lg; closes on Escape, overlay click or its close icon;
// focus moves in on open, is trapped inside, and returns to where it was on close; the rest of
// the page is inert meanwhile, so assistive tech and pointers cannot reach it either.
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { createPortal } from 'react-dom'
import { ui } from '../../i18n/fr/common.ts'
import { trapTab } from './focus-trap.ts'
import { inertOutside } from './inert-background.ts'
import { CloseIcon } from './icons.tsx'
import './modal.css'

export const MODAL_SIZES = ['sm', 'md', 'lg'] as const
export type ModalSize = (typeof MODAL_SIZES)[number]

export type ModalProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  size?: ModalSize
  children: ReactNode
  /** Accessible name of the close icon; defaults to « Fermer ». */
  closeLabel?: string
  /** Element to focus on open; by default the dialog itself, so its title is announced first. */
  initialFocusRef?: RefObject<HTMLElement | null>
}

export function Modal({
  open,
  onClose,
  title,
  size = 'md',
  children,
  closeLabel = ui.close,
  initialFocusRef,
}: ModalProps) {
  const titleId = useId()
  const overlayRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  // A click closes only when it both started and ended on the overlay: selecting text inside the
  // dialog and releasing the mouse outside must not close it.
  const pressStartedOnOverlay = useRef(false)

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const releaseBackground = overlayRef.current ? inertOutside(overlayRef.current) : null
    ;(initialFocusRef?.current ?? dialogRef.current)?.focus()
    return () => {
      // The page first stops being inert: an inert element cannot take focus back.
      releaseBackground?.()
      previous?.focus()
    }
  }, [open, initialFocusRef])

  if (!open) return null

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Stop here so a modal opened from another modal closes alone (portals bubble in React).
      event.stopPropagation()
      onClose()
    } else if (event.key === 'Tab' && dialogRef.current && trapTab(dialogRef.current, event.shiftKey)) {
      event.preventDefault()
    }
  }

  function handleOverlayMouseDown(event: MouseEvent<HTMLDivElement>) {
    pressStartedOnOverlay.current = event.target === event.currentTarget
  }

  function handleOverlayClick(event: MouseEvent<HTMLDivElement>) {
    if (pressStartedOnOverlay.current && event.target === event.currentTarget) onClose()
    pressStartedOnOverlay.current = false
  }

  return createPortal(
    // The overlay is a mouse convenience; keyboard users close with Escape or the close button.
    <div
      ref={overlayRef}
      className="modal__overlay"
      onMouseDown={handleOverlayMouseDown}
      onClick={handleOverlayClick}
      onKeyDown={handleKeyDown}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  )
}
