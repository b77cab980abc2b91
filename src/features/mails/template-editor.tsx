// The editor of one e-mail template (issue #15 "E-mails", docs/domain.md "E-mails"): subject, HTML
// content and text version; the template's variables beside it (a click inserts one at the cursor of
// the field last used); a live preview with the sample lead, the HTML in a sandboxed frame (no script,
// no same-origin access); save from the version edited, restore the default, send a test to oneself.
// A save refused for a stale version keeps the draft and offers the current version (issue #12).
import { useId, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mailMutations, mailQueries } from '../../api/mails.ts'
import { apiErrorMessage, fieldErrorMessage, staleRefusal } from '../../api/error-message.ts'
import { Button } from '../../components/ui/button.tsx'
import { useVersionedDraft } from '../../components/ui/use-versioned-draft.ts'
import { mailTemplateSchema, type MailContent, type MailTemplate } from '../../contracts/mails.ts'
import { mailsScreen as t } from '../../i18n/fr/mails.ts'
import { formatDateTime } from '../../i18n/format.ts'
import { notify } from '../../stores/notifications.ts'
import { useSettledValue } from '../../components/ui/use-settled-value.ts'
import { PreviewFrame } from './preview-frame.tsx'

type Field = keyof MailContent
const FIELDS: readonly Field[] = ['subject', 'html', 'text']

function contentOf({ subject, html, text }: MailContent): MailContent {
  return { subject, html, text }
}

function sameContent(a: MailContent, b: MailContent): boolean {
  return FIELDS.every((field) => a[field] === b[field])
}

export type TemplateEditorProps = { template: MailTemplate }

export function TemplateEditor({ template }: TemplateEditorProps) {
  const queryClient = useQueryClient()
  const {
    base,
    draft: content,
    setDraft: setContent,
    changed,
    startFrom,
  } = useVersionedDraft(template, contentOf, sameContent)
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({})
  const [lastField, setLastField] = useState<Field>('html')
  const save = useMutation(mailMutations.save(queryClient))
  const restore = useMutation(mailMutations.restore(queryClient))
  const testSend = useMutation(mailMutations.testSend(queryClient))
  const settled = useSettledValue(content, 400)
  const preview = useQuery(mailQueries.preview(template.key, settled))
  const stale = staleRefusal(save.error ?? restore.error, mailTemplateSchema)
  const error = stale ? testSend.error : (save.error ?? testSend.error)

  function handleChange(field: Field, value: string) {
    setContent((current) => ({ ...current, [field]: value }))
  }

  function handleInsert(name: string) {
    const field = lastField
    const element = fields.current[field]
    const token = `{${name}}`
    const value = content[field]
    const start = element?.selectionStart ?? value.length
    const end = element?.selectionEnd ?? start
    handleChange(field, value.slice(0, start) + token + value.slice(end))
    // Back to the field, the cursor after the variable, once React rendered the new value.
    requestAnimationFrame(() => {
      element?.focus()
      element?.setSelectionRange(start + token.length, start + token.length)
    })
  }

  function handleSave() {
    save.mutate({ key: base.key, version: base.version, ...content }, { onSuccess: startFrom })
  }

  function handleRestore() {
    restore.mutate({ key: base.key, version: base.version }, { onSuccess: startFrom })
  }

  // The version the refusal carried, or a newer one the list has since brought.
  function handleShowCurrent() {
    const current = stale?.current && stale.current.version > template.version ? stale.current : template
    startFrom(current)
    save.reset()
    restore.reset()
    notify({ kind: 'info', message: t.staleReloaded })
    fields.current.subject?.focus()
  }

  const fieldProps = (field: Field) => ({
    id: `${ids}-${field}`,
    value: content[field],
    onFocus: () => setLastField(field),
    onChange: (event: { target: { value: string } }) => handleChange(field, event.target.value),
    'aria-invalid': fieldErrorMessage(error, field) ? true : undefined,
    'aria-describedby': fieldErrorMessage(error, field) ? `${ids}-${field}-error` : undefined,
  })
  const ids = useId()
  const fieldError = (field: Field) => {
    const message = fieldErrorMessage(error, field)
    return message ? (
      <p id={`${ids}-${field}-error`} className="mails__field-error" role="alert">
        {message}
      </p>
    ) : null
  }

  return (
    <div className="mails__editor">
      <form
        className="mails__form"
        onSubmit={(event) => {
          event.preventDefault()
          handleSave()
        }}
      >
        <p className="mails__state">
          {base.isDefault ? t.isDefault : base.updatedAt ? t.edited(formatDateTime(base.updatedAt)) : null}
          {changed ? <strong> · {t.unsaved}</strong> : null}
        </p>
        <label htmlFor={`${ids}-subject`}>{t.subject}</label>
        <input
          type="text"
          ref={(element) => {
            fields.current.subject = element
          }}
          {...fieldProps('subject')}
        />
        {fieldError('subject')}
        <label htmlFor={`${ids}-html`}>{t.html}</label>
        <textarea
          rows={8}
          ref={(element) => {
            fields.current.html = element
          }}
          {...fieldProps('html')}
        />
        {fieldError('html')}
        <label htmlFor={`${ids}-text`}>{t.text}</label>
        <textarea
          rows={6}
          ref={(element) => {
            fields.current.text = element
          }}
          {...fieldProps('text')}
        />
        {fieldError('text')}
        {error && !FIELDS.some((field) => fieldErrorMessage(error, field)) ? (
          <p className="mails__field-error" role="alert">
            {apiErrorMessage(error, t.loadFailed)}
          </p>
        ) : null}
        {stale ? (
          <div className="mails__stale" role="alert">
            <p>{stale.message}</p>
            <Button variant="secondary" onClick={handleShowCurrent}>
              {t.staleReload}
            </Button>
          </div>
        ) : null}
        <div className="mails__actions">
          <Button type="submit" disabled={save.isPending || !changed}>
            {t.save}
          </Button>
          <Button
            variant="secondary"
            disabled={testSend.isPending}
            onClick={() => testSend.mutate({ key: template.key, ...content })}
          >
            {t.testSend}
          </Button>
          <Button variant="secondary" disabled={restore.isPending || base.isDefault} onClick={handleRestore}>
            {t.restore}
          </Button>
        </div>
      </form>
      <aside className="mails__variables" aria-labelledby={`${ids}-variables`}>
        <h3 id={`${ids}-variables`}>{t.variables}</h3>
        <p>{t.variablesHelp}</p>
        <ul>
          {template.variables.map((name) => (
            <li key={name}>
              <Button variant="secondary" onClick={() => handleInsert(name)}>
                {`{${name}}`}
              </Button>
              <span>{t.variableDescriptions[name]}</span>
            </li>
          ))}
        </ul>
      </aside>
      <section className="mails__preview" aria-labelledby={`${ids}-preview`}>
        <h3 id={`${ids}-preview`}>{t.preview}</h3>
        {preview.data ? (
          <>
            <p>{t.previewSubject(preview.data.subject)}</p>
            <PreviewFrame templateKey={template.key} content={settled} title={t.previewFrame} />
            <h4>{t.previewText}</h4>
            <pre className="mails__text">{preview.data.text}</pre>
          </>
        ) : preview.isError ? (
          <p role="alert">{apiErrorMessage(preview.error, t.loadFailed)}</p>
        ) : (
          <p>{t.loading}</p>
        )}
      </section>
    </div>
  )
}
