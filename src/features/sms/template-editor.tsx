// One SMS template in the editor (issue #15 "SMS", docs/domain.md "SMS"): its text with the live count
// of characters and segments (GSM-7 or UCS-2), the preview rendered with the sample lead and its own
// count, the whitelisted variables to insert, the default text to restore, and the save (optimistic:
// a stale version is refused, the draft kept and the current version offered). A bad placeholder is
// said beside the field.
import { useId } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { smsMutations } from '../../api/sms.ts'
import { fieldErrorMessage, staleRefusal } from '../../api/error-message.ts'
import { Button } from '../../components/ui/button.tsx'
import { useVersionedDraft } from '../../components/ui/use-versioned-draft.ts'
import {
  SMS_PLACEHOLDERS,
  SMS_SAMPLE_VALUES,
  countSms,
  renderTemplate,
  smsTemplateSchema,
  templateProblem,
  type SmsTemplate,
} from '../../contracts/sms.ts'
import { smsCountLine, smsPlaceholderHelp, smsScreen, smsTemplateNames } from '../../i18n/fr/sms.ts'
import { notify } from '../../stores/notifications.ts'

const t = smsScreen.editor

function bodyOf(template: SmsTemplate): string {
  return template.body
}

function sameBody(a: string, b: string): boolean {
  return a === b
}

export type TemplateEditorProps = { template: SmsTemplate }

export function TemplateEditor({ template }: TemplateEditorProps) {
  const name = smsTemplateNames[template.key]
  const fieldId = useId()
  const errorId = useId()
  const countId = useId()
  const queryClient = useQueryClient()
  const save = useMutation(smsMutations.saveTemplate(queryClient))
  const { base, draft: body, setDraft: setBody, startFrom } = useVersionedDraft(template, bodyOf, sameBody)
  const stale = staleRefusal(save.error, smsTemplateSchema)
  const problem = templateProblem(body) ?? (save.error ? fieldErrorMessage(save.error, 'body') : null)
  const preview = problem ? null : renderTemplate(body, SMS_SAMPLE_VALUES)

  function handleInsert(placeholder: string) {
    setBody((current) => `${current}{${placeholder}}`)
  }

  function handleSave() {
    save.mutate(
      { key: base.key, body, version: base.version },
      {
        onSuccess: (saved) => {
          startFrom(saved)
          notify({ kind: 'success', message: t.saved(name) })
        },
      },
    )
  }

  // The version the refusal carried, or a newer one the list has since brought.
  function handleShowCurrent() {
    const current = stale?.current && stale.current.version > template.version ? stale.current : template
    startFrom(current)
    save.reset()
    notify({ kind: 'info', message: t.staleReloaded })
    document.getElementById(fieldId)?.focus()
  }

  return (
    <section className="sms-template" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="sms-template__title">
        {name}
      </h2>
      <label htmlFor={fieldId}>{t.label(name)}</label>
      <textarea
        id={fieldId}
        className="sms-template__text"
        value={body}
        rows={4}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${countId}${problem ? ` ${errorId}` : ''}`}
        onChange={(event) => setBody(event.target.value)}
      />
      <p id={countId} className="sms-template__count" aria-live="polite">
        {t.count} : {smsCountLine(countSms(body))}
      </p>
      {problem ? (
        <p id={errorId} className="sms-template__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="sms-template__variables" role="group" aria-label={t.insertGroup}>
        <span aria-hidden="true">{t.variables}</span>
        {SMS_PLACEHOLDERS.map((placeholder) => (
          <Button key={placeholder} variant="secondary" onClick={() => handleInsert(placeholder)}>
            {`{${placeholder}}`}
          </Button>
        ))}
      </div>
      <ul className="sms-template__help">
        {SMS_PLACEHOLDERS.map((placeholder) => (
          <li key={placeholder}>
            <code>{`{${placeholder}}`}</code> {smsPlaceholderHelp[placeholder]}
          </li>
        ))}
      </ul>
      {stale ? (
        <div className="sms-template__stale" role="alert">
          <p>{stale.message}</p>
          <Button variant="secondary" onClick={handleShowCurrent}>
            {t.staleReload}
          </Button>
        </div>
      ) : null}
      {preview !== null ? (
        <div className="sms-template__preview">
          <p className="sms-template__preview-title">{t.preview}</p>
          <p className="sms-template__preview-text">{preview}</p>
          <p className="sms-template__count">
            {t.previewCount} : {smsCountLine(countSms(preview))}
          </p>
        </div>
      ) : null}
      <div className="sms-template__actions">
        <Button onClick={handleSave} disabled={problem !== null || body.trim() === '' || save.isPending}>
          {t.save}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setBody(template.defaultBody)}
          disabled={body === template.defaultBody}
        >
          {t.restore}
        </Button>
      </div>
    </section>
  )
}
