// Button with the house variants; type="button" unless the caller submits a form.
import type { ReactNode, Ref } from 'react'
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
}

export function Button({
  children,
  variant = 'primary',
  type = 'button',
  disabled = false,
  busy = false,
  onClick,
  ref,
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={`button button--${variant}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  )
}
