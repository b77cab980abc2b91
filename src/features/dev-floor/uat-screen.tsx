// /dev/uat-settings (issue #15 "Developer pages"): the environment's facts, the simulator's settings,
// and the reset of calls and leads to the demo state (administrators only, after a confirmation;
// refused while the simulated floor runs). Every signed-in screen refetches after a reset (live
// `demoData` signal).
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { devFloorMutations, devFloorQueries } from '../../api/dev-floor.ts'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import type { UatSettings } from '../../contracts/dev-floor.ts'
import { uatScreen as t, screenTitles } from '../../i18n/fr/dev-floor.ts'
import { notify } from '../../stores/notifications.ts'
import { BUILD_ID } from '../../sw/build-id.ts'
import { SimulatorSettingsForm } from './simulator-settings-form.tsx'
import './dev-floor.css'

function EnvironmentFacts({ environment }: { environment: UatSettings['environment'] }) {
  const facts = [
    [t.environment.appEnv, environment.appEnv],
    [t.environment.version, environment.version],
    // The build this page runs (compiled in by Vite), beside the server's facts.
    [t.environment.build, BUILD_ID],
    [t.environment.databaseKind, t.databaseKinds[environment.databaseKind]],
    [t.environment.telephonyProvider, environment.telephonyProvider],
  ] as const
  return (
    <section className="uat-settings__section" aria-labelledby="uat-environment">
      <h2 id="uat-environment">{t.environmentTitle}</h2>
      <dl className="uat-settings__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="uat-settings__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function ResetSection({ floorRunning }: { floorRunning: boolean }) {
  const queryClient = useQueryClient()
  const { data: me } = useQuery(authQueries.me())
  const reset = useMutation(devFloorMutations.reset(queryClient))
  const [confirming, setConfirming] = useState(false)
  // The page is open to every role outside production; the reset, to administrators (the server's rule).
  const refusal = me?.role !== 'ADMIN' ? t.adminOnly : floorRunning ? t.floorRunning : undefined

  function handleConfirm() {
    reset.mutate(undefined, {
      onSuccess: (result) => notify({ kind: 'success', message: t.done(result.leads) }),
      onSettled: () => setConfirming(false),
    })
  }

  return (
    <section className="uat-settings__section" aria-labelledby="uat-reset">
      <h2 id="uat-reset">{t.resetTitle}</h2>
      <p>{t.resetIntro}</p>
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)} disabledReason={refusal}>
          {t.reset}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        message={t.confirmMessage}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        busy={reset.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}

export function UatScreen() {
  const settings = useQuery(devFloorQueries.uat())
  return (
    <div className="uat-settings">
      <ScreenTitle title={screenTitles.devUatSettings} />
      <p>{t.intro}</p>
      {settings.isError ? <p role="alert">{t.loadFailed}</p> : null}
      {settings.data ? (
        <>
          <EnvironmentFacts environment={settings.data.environment} />
          <SimulatorSettingsForm
            key={JSON.stringify(settings.data.simulator)}
            saved={settings.data.simulator}
          />
          <ResetSection floorRunning={settings.data.floorRunning} />
        </>
      ) : settings.isPending ? (
        <p>{t.loading}</p>
      ) : null}
    </div>
  )
}
