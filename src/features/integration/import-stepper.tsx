// Where the administrator is in /integration/integrate (issue #13): the six steps, the current one
// marked for assistive technology (aria-current="step"), the ones behind marked done.
import { integrateScreen as t } from '../../i18n/fr/integration.ts'

export const IMPORT_STEPS = ['file', 'mapping', 'target', 'preview', 'progress', 'report'] as const
export type ImportStep = (typeof IMPORT_STEPS)[number]

export function ImportStepper({ current }: { current: ImportStep }) {
  const at = IMPORT_STEPS.indexOf(current)
  return (
    <nav aria-label={t.stepsLabel}>
      <ol className="import-stepper">
        {IMPORT_STEPS.map((step, index) => (
          <li
            key={step}
            className={index < at ? 'is-done' : index === at ? 'is-current' : undefined}
            aria-current={index === at ? 'step' : undefined}
          >
            <span className="import-stepper__number" aria-hidden="true">
              {index + 1}
            </span>
            {t.steps[step]}
          </li>
        ))}
      </ol>
    </nav>
  )
}
