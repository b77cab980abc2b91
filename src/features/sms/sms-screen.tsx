// /backoffice/sms (issue #15 "SMS", docs/domain.md "SMS"): administrators edit the three SMS
// templates, read the send log and the phones that answered STOP. The section shown is in the URL.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { smsQueries } from '../../api/sms.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { smsScreen as t, screenTitles } from '../../i18n/fr/sms.ts'
import { SmsLogList } from './sms-log.tsx'
import { SmsOptOuts } from './sms-opt-outs.tsx'
import { TemplateEditor } from './template-editor.tsx'
import './sms.css'

const TABS = ['templates', 'log', 'optOuts'] as const
type Tab = (typeof TABS)[number]

function Templates() {
  const list = useQuery(smsQueries.templates())
  if (list.isPending) return <p>{t.loading}</p>
  if (list.isError) return <p role="alert">{t.loadFailed}</p>
  return (
    <div className="sms__templates">
      <p className="sms__note">{t.editor.segmentsNote}</p>
      {list.data.templates.map((template) => (
        // Keyed by the template only: a new version must not remount the editor, which would drop the
        // draft of a save refused as stale (the editor takes a new version itself when nothing is typed).
        <TemplateEditor key={template.key} template={template} />
      ))}
    </div>
  )
}

export function SmsScreen() {
  const [params, setParams] = useSearchParams()
  const asked = params.get('tab')
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'templates'

  function handleTab(next: Tab) {
    setParams(next === 'templates' ? {} : { tab: next }, { replace: true })
  }

  return (
    <div className="sms">
      <ScreenTitle title={screenTitles.backofficeSms} />
      <p className="sms__intro">{t.intro}</p>
      <nav className="sms__tabs" aria-label={t.tabsLabel}>
        {TABS.map((one) => (
          <button
            key={one}
            type="button"
            className={`sms__tab${one === tab ? ' is-current' : ''}`}
            aria-current={one === tab ? 'page' : undefined}
            onClick={() => handleTab(one)}
          >
            {t.tabs[one]}
          </button>
        ))}
      </nav>
      {tab === 'templates' ? <Templates /> : tab === 'log' ? <SmsLogList /> : <SmsOptOuts />}
    </div>
  )
}
