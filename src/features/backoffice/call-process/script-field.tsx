// A step's script (issue #12): the textarea, buttons that insert the placeholders the agent sheet
// fills (`[prénom]`, src/features/leads/script-placeholders.ts), and a live preview rendered by the
// agent sheet's own step view with a sample lead (script-preview-context.ts), as the teleoperator
// will read it.
import { useContext, useId, useRef } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { STEP_SCRIPT_MAX } from '../../../contracts/call-process-form.ts'
import { callProcessEditor as t, scriptInserts } from '../../../i18n/fr/backoffice-call-process.ts'
import type { EditorValues } from './editor-values.ts'
import { FieldError } from './field-error.tsx'
import { ScriptPreviewContext } from './script-preview-context.ts'

export type ScriptFieldProps = { index: number; stepCount: number; disabled: boolean }

export function ScriptField({ index, stepCount, disabled }: ScriptFieldProps) {
  const { register, setValue, getValues, control, formState } = useFormContext<EditorValues>()
  const path = `steps.${index}.script` as const
  const [script, title] = useWatch({ control, name: [path, `steps.${index}.title`] })
  const textareaRef = useRef<HTMLTextAreaElement | null>(null)
  const fieldId = useId()
  const errorId = useId()
  const previewId = useId()
  const error = formState.errors.steps?.[index]?.script?.message
  const { ref, ...field } = register(path)
  const renderPreview = useContext(ScriptPreviewContext)

  function insert(placeholder: string) {
    const textarea = textareaRef.current
    const current = getValues(path)
    const start = textarea?.selectionStart ?? current.length
    const end = textarea?.selectionEnd ?? current.length
    const text = `[${placeholder}]`
    setValue(path, current.slice(0, start) + text + current.slice(end), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    })
    // Back to the script, the caret after what was inserted, to keep typing.
    textarea?.focus()
    textarea?.setSelectionRange(start + text.length, start + text.length)
  }

  return (
    <div className="call-process-script">
      <div className="call-process-script__edit">
        <label htmlFor={fieldId}>{t.script}</label>
        <textarea
          {...field}
          ref={(element) => {
            ref(element)
            textareaRef.current = element
          }}
          id={fieldId}
          rows={6}
          maxLength={STEP_SCRIPT_MAX}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
        <div className="call-process-script__inserts" role="group" aria-label={t.insertTitle}>
          {scriptInserts.map(({ label, placeholder }) => (
            <button
              key={placeholder}
              type="button"
              className="call-process-chip"
              aria-label={t.insert(label)}
              disabled={disabled}
              onClick={() => insert(placeholder)}
            >
              [{placeholder}]
            </button>
          ))}
        </div>
      </div>
      <section className="call-process-script__preview" aria-labelledby={previewId}>
        <h4 id={previewId}>{t.preview}</h4>
        <p className="call-process-script__hint">{t.previewHint}</p>
        {script.trim() && renderPreview ? (
          renderPreview({ number: index + 1, stepCount, title, script })
        ) : (
          <p>{t.previewEmpty}</p>
        )}
      </section>
    </div>
  )
}
