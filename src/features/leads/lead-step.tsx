// Step `n / max` with the current step's title and script (spec "Screens").
import type { CallProcessStep } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'

export type LeadStepProps = { step: number; maxStep: number; current: CallProcessStep | null }

const t = fr.leads.sheet

export function LeadStep({ step, maxStep, current }: LeadStepProps) {
  return (
    <section className="lead-step">
      <h2 className="lead-step__title">
        {t.step(step, maxStep)}
        {current ? ` – ${current.title}` : null}
      </h2>
      {current ? <p className="lead-step__script">{current.script}</p> : <p>{t.noScript}</p>}
    </section>
  )
}
