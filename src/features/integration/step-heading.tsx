// Each step of the integration stepper opens with its heading, which takes the focus when the step
// appears after an action (issue #13 "accessible"): a screen-reader user hears where they are.
// The step shown on arrival keeps the page's normal focus.
import { useEffect, useRef, type ReactNode } from 'react'

export type StepHeadingProps = { children: ReactNode; focus: boolean; id?: string }

export function StepHeading({ children, focus, id }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="integration__step-heading">
      {children}
    </h2>
  )
}
