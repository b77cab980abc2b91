// Button with the house variants; type="button" unless the caller submits a form.
import { useId, type ReactNode, type Ref } from 'react'
import type { FocusTarget } from './focus-request.ts'
import './button.css'

export const BUTTON_VARIANTS = ['primary', 'secondary', 'danger'] as const
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number]

export type ButtonProps = {
  children: ReactNode
  variant?: ButtonVariant
  type?: 'button' | 'submit' | 'reset'
  disabled?: boolean
  /** Shows the button as working (e.g. a pending submit) and ignores further presses. */
  busy?: boolean
  onClick?: () => void
  ref?: Ref<HTMLButtonElement>
  /** Disables the button and says why (tooltip and accessible description), e.g. offline. */
  disabledReason?: string
  /** Issue #29: the reason is also shown as text after the button, not in a tooltip alone. */
  showReason?: boolean
  /** Names the button as where focus goes after an action (src/components/ui/focus-request.ts). */
  focusTarget?: FocusTarget
}

export function Button({
  children,
  variant = 'primary',
  type = 'button',
  disabled = false,
  busy = false,
  onClick,
  ref,
  disabledReason,
  showReason = false,
  focusTarget,
}: ButtonProps) {
  const reasonId = useId()
  return (
    <>
      <button
        ref={ref}
        type={type}
        className={`button button--${variant}`}
        disabled={disabled || busy || disabledReason !== undefined}
        aria-busy={busy || undefined}
        title={disabledReason}
        aria-describedby={disabledReason === undefined ? undefined : reasonId}
        onClick={onClick}
        data-focus-target={focusTarget}
      >
        {children}
      </button>
      {disabledReason === undefined ? null : (
        <span id={reasonId} className="button__reason" hidden={!showReason}>
          {disabledReason}
        </span>
      )}
    </>
  )
}
