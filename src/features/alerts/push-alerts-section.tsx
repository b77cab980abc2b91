// This browser's alerts (issue #5 "A settings entry lets the user turn alerts on"): its state in
// French — on, off, refused by the browser (and how to change that), not supported, or an error —
// and the action that fits. The permission prompt is asked from the click itself (a gesture).
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'
import { disablePush, enablePush, readPushState, type PushState } from '../../pwa/push-subscription.ts'

const t = fr.alerts.panel

type ShownState = PushState | 'checking' | 'error'

const STATUS: Record<ShownState, string> = {
  checking: t.states.checking,
  enabled: t.states.enabled,
  disabled: t.states.disabled,
  prompt: t.states.dismissed,
  denied: t.states.denied,
  unsupported: t.states.unsupported,
  error: t.states.error,
}

const HELP: Partial<Record<ShownState, string>> = {
  denied: t.states.deniedHelp,
  unsupported: t.states.unsupportedHelp,
  error: t.states.errorHelp,
}

export type PushAlertsSectionProps = {
  userId: number
}

export function PushAlertsSection({ userId }: PushAlertsSectionProps) {
  const [state, setState] = useState<ShownState>('checking')
  const [busy, setBusy] = useState(false)
  // Issue #29: a busy button is disabled, which drops the focus out of the dialog (Escape then reached
  // nothing). Once the action is over, the focus goes back to the button there is, else the state.
  const refocus = useRef(false)
  const actionRef = useRef<HTMLButtonElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (!refocus.current || busy) return
    refocus.current = false
    ;(actionRef.current ?? statusRef.current)?.focus()
  }, [busy, state])

  // The browser's permission and subscription are outside React: read once when the panel opens.
  useEffect(() => {
    let current = true
    readPushState(userId)
      .then((read) => current && setState(read))
      .catch(() => current && setState('unsupported'))
    return () => {
      current = false
    }
  }, [userId])

  async function run(action: () => Promise<PushState>) {
    setBusy(true)
    refocus.current = true
    try {
      setState(await action())
    } catch {
      setState('error')
    } finally {
      setBusy(false)
    }
  }

  const canEnable = state === 'prompt' || state === 'disabled' || state === 'error'
  return (
    <div className="alerts-panel__push">
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={`alerts-panel__state alerts-panel__state--${state}`}
      >
        {STATUS[state]}
      </p>
      {HELP[state] ? <p className="alerts-panel__help">{HELP[state]}</p> : null}
      {canEnable ? (
        <Button ref={actionRef} busy={busy} onClick={() => void run(() => enablePush(userId))}>
          {state === 'error' ? t.retry : t.enable}
        </Button>
      ) : null}
      {state === 'enabled' ? (
        <Button ref={actionRef} variant="secondary" busy={busy} onClick={() => void run(() => disablePush())}>
          {t.disable}
        </Button>
      ) : null}
    </div>
  )
}
