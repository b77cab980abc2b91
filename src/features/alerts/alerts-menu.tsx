// The header's 'Alertes' entry (issue #5): opens the panel where the user turns this browser's
// alerts on or off and chooses what to be alerted about.
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Modal } from '../../components/ui/modal.tsx'
import type { Me } from '../../contracts/user.ts'
import { fr } from '../../i18n/fr.ts'
import { AlertPreferences } from './alert-preferences.tsx'
import { PushAlertsSection } from './push-alerts-section.tsx'
import './alerts-panel.css'

const t = fr.alerts.panel

export type AlertsMenuProps = {
  me: Pick<Me, 'id' | 'preferences'>
}

export function AlertsMenu({ me }: AlertsMenuProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t.title} size="sm">
        <div className="alerts-panel">
          <p>{t.intro}</p>
          <PushAlertsSection userId={me.id} />
          <AlertPreferences preferences={me.preferences} />
          <p className="alerts-panel__help">{t.sharedWorkstation}</p>
        </div>
      </Modal>
    </>
  )
}
