// Step `n / max` with the current step's title and script (spec "Screens"), the script filled for
// this lead and this reader (issue #11, script-placeholders.ts).
import { useId, type ReactNode } from 'react'
import type { CallProcessStep } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { fillScript, type ScriptValues } from './script-placeholders.ts'

export type LeadStepProps = {
  step: number
  maxStep: number
  current: CallProcessStep | null
  values: ScriptValues
  /**
   * Issue #29 point 6: the outcome choices, between the step's title and its script, so that they
   * show without scrolling on a 1280×800 screen however long the script.
   */
  children?: ReactNode
}

const t = fr.leads.sheet

export function LeadStep({ step, maxStep, current, values, children }: LeadStepProps) {
  const missingId = useId()
  const parts = current ? fillScript(current.script, values) : []
  const hasMissing = parts.some((part) => part.kind === 'missing')
  return (
    <section className="lead-step">
      <h2 className="lead-step__title">
        {t.step(step, maxStep)}
        {current ? ` – ${current.title}` : null}
      </h2>
      {children}
      {current ? (
        <p className="lead-step__script">
          {parts.map((part, index) =>
            part.kind === 'text' ? (
              part.text
            ) : part.kind === 'filled' ? (
              <span key={index} className="lead-step__filled">
                {part.text}
              </span>
            ) : (
              <mark key={index} className="lead-step__missing" aria-describedby={missingId}>
                {part.placeholder}
              </mark>
            ),
          )}
        </p>
      ) : (
        <p>{t.noScript}</p>
      )}
      {hasMissing ? (
        <span id={missingId} hidden>
          {t.placeholderMissing}
        </span>
      ) : null}
    </section>
  )
}
