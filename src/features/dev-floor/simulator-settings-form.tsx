// The simulator's settings (issue #15): the answer delay, and the answered / voicemail / no-answer
// proportions of the simulated floor's calls, which must make 100 % (checked here and by the server).
import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { devFloorMutations } from '../../api/dev-floor.ts'
import { Button } from '../../components/ui/button.tsx'
import type { SimulatorSettings } from '../../contracts/dev-floor.ts'
import { uatScreen as t } from '../../i18n/fr/dev-floor.ts'
import { notify } from '../../stores/notifications.ts'

const FIELDS = [
  ['answerDelayMs', t.answerDelay, 60_000],
  ['answeredPercent', t.answered, 100],
  ['voicemailPercent', t.voicemail, 100],
  ['noAnswerPercent', t.noAnswer, 100],
] as const

function NumberField({
  label,
  value,
  max,
  onChange,
}: {
  label: string
  value: number
  max: number
  onChange: (value: number) => void
}) {
  const id = useId()
  return (
    <div className="text-field">
      <label className="text-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="text-field__input"
        type="number"
        min={0}
        max={max}
        step={1}
        required
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  )
}

export type SimulatorSettingsFormProps = { saved: SimulatorSettings }

export function SimulatorSettingsForm({ saved }: SimulatorSettingsFormProps) {
  const queryClient = useQueryClient()
  const save = useMutation(devFloorMutations.simulator(queryClient))
  const [values, setValues] = useState(saved)
  const sum = values.answeredPercent + values.voicemailPercent + values.noAnswerPercent

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    save.mutate(values, { onSuccess: () => notify({ kind: 'success', message: t.saved }) })
  }

  return (
    <section className="uat-settings__section" aria-labelledby="uat-simulator">
      <h2 id="uat-simulator">{t.simulatorTitle}</h2>
      <p>{t.simulatorIntro}</p>
      <form className="uat-settings__form" onSubmit={handleSubmit}>
        {FIELDS.map(([key, label, max]) => (
          <NumberField
            key={key}
            label={label}
            max={max}
            value={values[key]}
            onChange={(value) => setValues({ ...values, [key]: value })}
          />
        ))}
        <p role={sum === 100 ? undefined : 'alert'}>{t.sum(sum)}</p>
        <div>
          <Button type="submit" busy={save.isPending} disabled={sum !== 100}>
            {t.save}
          </Button>
        </div>
      </form>
    </section>
  )
}
