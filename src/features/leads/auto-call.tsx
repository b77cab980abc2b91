// Issue #29 point 4: the next lead's automatic call. Its mission sets a preview countdown (5–60 s);
// at zero the lead's first phone is called, as « Appeler » would. Escape (or the button) cancels it;
// a call that cannot be made now (calling rules, offline, a call in progress, no Aircall account)
// stops it: the agent sees « Appeler » off with its reason instead.
import { useEffect, useRef, useState } from 'react'
import { fr } from '../../i18n/fr.ts'

export type AutoCallProps = {
  seconds: number
  /** Why « Appeler » is off now (it stops the countdown), or undefined. */
  blockedReason: string | undefined
  onCall: () => void
}

const t = fr.leads.sheet

export function AutoCall({ seconds, blockedReason, onCall }: AutoCallProps) {
  const [remaining, setRemaining] = useState(seconds)
  const [state, setState] = useState<'counting' | 'cancelled' | 'done'>('counting')
  const onCallRef = useRef(onCall)
  useEffect(() => {
    onCallRef.current = onCall
  })
  const counting = state === 'counting' && blockedReason === undefined

  useEffect(() => {
    if (!counting) return
    const deadline = Date.now() + remaining * 1000
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setRemaining(left)
      if (left > 0) return
      clearInterval(timer)
      setState('done')
      onCallRef.current()
    }, 250)
    return () => clearInterval(timer)
    // The deadline is set once per counting period; `remaining` only displays it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [counting])

  useEffect(() => {
    if (!counting) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      setState('cancelled')
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [counting])

  if (state === 'done' || (state === 'counting' && blockedReason !== undefined)) return null
  if (state === 'cancelled')
    return (
      <p className="auto-call" role="status">
        {t.autoCallCancelled}
      </p>
    )
  return (
    <p className="auto-call" role="status">
      <span>{t.autoCallIn(remaining)}</span>
      <button type="button" className="auto-call__cancel" onClick={() => setState('cancelled')}>
        {t.autoCallCancel}
      </button>
    </p>
  )
}
