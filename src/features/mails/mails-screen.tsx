// /backoffice/mails (issue #15 "E-mails", docs/domain.md "E-mails"): administrators edit the templates
// of every mail the product sends and read the log of what was sent. The section and the template
// chosen are in the URL (`vue`, `modele`), as the log's filters and page.
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { mailQueries } from '../../api/mails.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { MAIL_TEMPLATE_KEYS, type MailTemplateKey } from '../../contracts/mails.ts'
import { mailsScreen as t, screenTitles } from '../../i18n/fr/mails.ts'
import { MailLog } from './mail-log.tsx'
import { TemplateEditor } from './template-editor.tsx'
import './mails.css'

const TABS = ['templates', 'log'] as const
type Tab = (typeof TABS)[number]

export function MailsScreen() {
  const [params, setParams] = useSearchParams()
  // Issue #31: said at the top, whichever section is open.
  const noServer = useQuery(mailQueries.templates()).data?.mailServerMissing === true
  const tab: Tab = params.get('vue') === 'journal' ? 'log' : 'templates'

  function handleTab(next: Tab) {
    setParams(next === 'log' ? { vue: 'journal' } : {})
  }

  return (
    <div className="mails">
      <ScreenTitle title={screenTitles.backofficeMails} />
      {noServer ? (
        <p role="alert" className="mails__no-server">
          {t.noMailServer}
        </p>
      ) : null}
      <div role="tablist" aria-label={t.tabsLabel} className="mails__tabs">
        {TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`mails-tab-${item}`}
            aria-selected={tab === item}
            aria-controls={`mails-panel-${item}`}
            className="mails__tab"
            onClick={() => handleTab(item)}
          >
            {t.tabs[item]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`mails-panel-${tab}`} aria-labelledby={`mails-tab-${tab}`}>
        {tab === 'log' ? <MailLog /> : <Templates />}
      </div>
    </div>
  )
}

function Templates() {
  const [params, setParams] = useSearchParams()
  const list = useQuery(mailQueries.templates())
  const selectId = useId()
  const chosen = params.get('modele')
  const key: MailTemplateKey =
    MAIL_TEMPLATE_KEYS.find((item) => item === chosen) ?? 'appointment-confirmation'
  if (list.isPending) return <p>{t.loading}</p>
  if (list.isError) return <p role="alert">{t.loadFailed}</p>
  const template = list.data.templates.find((item) => item.key === key)!
  return (
    <>
      <label htmlFor={selectId}>{t.template}</label>
      <select
        id={selectId}
        className="mails__choice"
        value={key}
        onChange={(event) => setParams({ modele: event.target.value }, { replace: true })}
      >
        {MAIL_TEMPLATE_KEYS.map((item) => (
          <option key={item} value={item}>
            {t.templateNames[item]}
          </option>
        ))}
      </select>
      {/* Keyed by the template only: a new version must not remount the editor, which would drop the
      draft of a save refused as stale (the editor takes a new version itself when nothing is typed). */}
      <TemplateEditor key={template.key} template={template} />
    </>
  )
}
