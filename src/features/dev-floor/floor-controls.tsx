// The floor's start form (virtual teleoperators, speed) or, while it runs, its status and stop.
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { devFloorMutations } from '../../api/dev-floor.ts'
import { Button } from '../../components/ui/button.tsx'
import type { FloorState } from '../../contracts/dev-floor.ts'
import { floorScreen as t } from '../../i18n/fr/dev-floor.ts'

const SPEEDS = [1, 2, 5, 10, 20] as const

export type FloorControlsProps = { state: FloorState }

export function FloorControls({ state }: FloorControlsProps) {
  const queryClient = useQueryClient()
  const action = useMutation(devFloorMutations.action(queryClient))
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const [speed, setSpeed] = useState<number>(10)

  if (state.running)
    return (
      <section className="dev-floor__controls" aria-label={t.setup}>
        <p role="status">{t.running(state.speed, state.owner ?? '')}</p>
        <Button variant="danger" busy={action.isPending} onClick={() => action.mutate({ action: 'stop' })}>
          {t.stop}
        </Button>
      </section>
    )

  function toggle(id: number) {
    const next = new Set(chosen)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setChosen(next)
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    action.mutate({ action: 'start', userIds: [...chosen], speed })
  }

  const allChosen = state.candidates.length > 0 && chosen.size === state.candidates.length
  return (
    <form className="dev-floor__controls" onSubmit={handleSubmit} aria-label={t.setup}>
      <p role="status">{t.stopped}</p>
      <fieldset className="dev-floor__agents-choice">
        <legend>{t.agentsLegend}</legend>
        {state.candidates.length === 0 ? <p>{t.noCandidate}</p> : null}
        <Button
          variant="secondary"
          onClick={() => setChosen(allChosen ? new Set() : new Set(state.candidates.map((c) => c.id)))}
        >
          {allChosen ? t.selectNone : t.selectAll}
        </Button>
        <ul className="dev-floor__candidates">
          {state.candidates.map((candidate) => (
            <li key={candidate.id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.has(candidate.id)}
                  onChange={() => toggle(candidate.id)}
                />{' '}
                {candidate.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="dev-floor__speed">
        {t.speed}{' '}
        <select value={speed} onChange={(event) => setSpeed(Number(event.target.value))}>
          {SPEEDS.map((value) => (
            <option key={value} value={value}>
              {t.speedValue(value)}
            </option>
          ))}
        </select>
      </label>
      <p>{t.chosen(chosen.size)}</p>
      <Button type="submit" disabled={chosen.size === 0} busy={action.isPending}>
        {t.start}
      </Button>
    </form>
  )
}
