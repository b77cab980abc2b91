// The call-process editor's form (issue #12 "Call processes"): the name and the numbered steps,
// validated with the contract's schema and `processProblems` (messages next to each field), saved
// whole with the version it was edited from. Refusals: a stale version offers the current one,
// stranded leads ask for destinations, refused fields show in place. Leaving unsaved asks first.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { FormProvider, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { callProcessMutations, callProcessQueries } from '../../../api/call-processes.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import type { CatalogueTag } from '../../../api/tag-catalogue.ts'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../contracts/app-paths.ts'
import { CALL_PROCESS_NAME_MAX, STEPS_MAX } from '../../../contracts/call-process-form.ts'
import type { CallProcessDetail } from '../../../contracts/call-processes.ts'
import { callProcessEditor as t } from '../../../i18n/fr/backoffice-call-process.ts'
import { notify } from '../../../stores/notifications.ts'
import { DestinationDialog } from './destination-dialog.tsx'
import {
  arrayError,
  editorResolver,
  EMPTY_VALUES,
  tagEffects,
  valuesOf,
  type EditorValues,
  type SavedValues,
} from './editor-values.ts'
import { FieldError } from './field-error.tsx'
import { LeaveGuard } from './leave-guard.tsx'
import {
  refusedFields,
  staleRefusal,
  strandedRefusal,
  type StaleRefusal,
  type StrandedStep,
} from './save-refusals.ts'
import { StepList } from './step-list.tsx'
import { StrandedPanel } from './stranded-panel.tsx'
import { useStepEdits } from './use-step-edits.ts'

export type CallProcessEditorFormProps = {
  /** The saved process; null when creating one. */
  process: CallProcessDetail | null
  tags: readonly CatalogueTag[]
}

export function CallProcessEditorForm({ process, tags }: CallProcessEditorFormProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const creating = process === null
  const readOnly = process?.archivedAt != null
  const tagsById = useMemo(() => tagEffects(tags), [tags])
  const form = useForm<EditorValues, unknown, SavedValues>({
    resolver: editorResolver(creating, tagsById, { chooseTag: t.tagRequired }),
    defaultValues: process ? valuesOf(process) : EMPTY_VALUES,
  })
  const edits = useStepEdits(form, process)
  const create = useMutation(callProcessMutations.create(queryClient))
  const update = useMutation(callProcessMutations.update(queryClient))
  const [stale, setStale] = useState<StaleRefusal | null>(null)
  const [stranded, setStranded] = useState<StrandedStep[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  // The removed step's button is gone: once the dialog has closed, focus goes to "Ajouter une étape".
  const focusAddOnClose = useRef(false)
  useEffect(() => {
    if (edits.removal !== null || !focusAddOnClose.current) return
    focusAddOnClose.current = false
    addRef.current?.focus()
  }, [edits.removal])
  const nameId = 'call-process-name'
  const { errors, isDirty, isSubmitting } = form.formState
  const guard = useRef(false)
  const unsaved = !readOnly && (isDirty || edits.moves.length > 0)
  useEffect(() => {
    guard.current = unsaved
  }, [unsaved])
  // After a first save attempt, every change re-checks the whole process: a rule spans several
  // fields (the last step's ending outcome), so fixing one field may clear another's message.
  const { isSubmitted } = form.formState
  useEffect(() => {
    if (!isSubmitted) return
    return form.subscribe({ formState: { values: true }, callback: () => void form.trigger() })
  }, [form, isSubmitted])

  async function save({ version, ...body }: SavedValues) {
    setFailure(null)
    setStale(null)
    try {
      if (process === null) {
        const created = await create.mutateAsync(body)
        guard.current = false
        notify({ kind: 'success', message: t.created(created.name) })
        await navigate(paths.backofficeCallProcess(created.id), { replace: true })
        return
      }
      const reassign = edits.reassign()
      const saved = await update.mutateAsync({
        id: process.id,
        ...body,
        version: version ?? process.version,
        ...(reassign ? { reassign } : {}),
      })
      form.reset(valuesOf(saved))
      edits.clearMoves()
      setStranded(null)
      notify({ kind: 'success', message: t.saved })
    } catch (error) {
      refused(error)
    }
  }

  function refused(error: unknown) {
    const staleAnswer = staleRefusal(error)
    if (staleAnswer) return setStale(staleAnswer)
    const strandedAnswer = strandedRefusal(error)
    if (strandedAnswer) return setStranded(strandedAnswer)
    const fields = refusedFields(error)
    fields.forEach(([path, message], index) =>
      form.setError(path as 'name', { type: 'server', message }, { shouldFocus: index === 0 }),
    )
    setFailure(fields.length > 0 ? t.invalid : apiErrorMessage(error, t.failed))
  }

  async function showCurrent() {
    if (!process) return
    const current =
      stale?.current ??
      (await queryClient.fetchQuery({ ...callProcessQueries.detail(process.id), staleTime: 0 }))
    queryClient.setQueryData(callProcessQueries.detail(process.id).queryKey, current)
    form.reset(valuesOf(current))
    edits.clearMoves()
    setStale(null)
    setStranded(null)
    notify({ kind: 'info', message: t.staleReloaded })
    document.getElementById(nameId)?.focus()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    void form.handleSubmit(save, () => setFailure(t.invalid))(event)
  }

  const stepsError = arrayError(errors.steps)
  return (
    <FormProvider {...form}>
      <form className="call-process-form" onSubmit={handleSubmit} noValidate aria-label={t.stepsTitle}>
        <fieldset className="call-process-form__body" disabled={readOnly}>
          <div className="call-process-field">
            <label htmlFor={nameId}>{t.name}</label>
            <input
              id={nameId}
              {...form.register('name')}
              maxLength={CALL_PROCESS_NAME_MAX}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${nameId}-error` : undefined}
            />
            <FieldError id={`${nameId}-error`} message={errors.name?.message} />
          </div>
          <section className="call-process-form__steps" aria-labelledby="call-process-steps-title">
            <h2 id="call-process-steps-title">{t.stepsTitle}</h2>
            <p className="call-process-form__hint">{t.stepsHint}</p>
            {edits.keys.length === 0 ? <p className="call-process-screen__empty">{t.noSteps}</p> : null}
            <StepList
              keys={edits.keys}
              leadCounts={edits.leadCounts}
              tags={tags}
              disabled={readOnly}
              onMove={edits.move}
              onRemove={(index) => {
                if (edits.requestRemove(index)) addRef.current?.focus()
              }}
            />
            <FieldError id="call-process-steps-error" message={stepsError} />
            <div>
              <Button
                ref={addRef}
                variant="secondary"
                disabled={readOnly || edits.keys.length >= STEPS_MAX}
                onClick={() => edits.add('')}
              >
                {t.addStep}
              </Button>
            </div>
          </section>
        </fieldset>
        {stale ? (
          <div className="call-process-alert" role="alert">
            <p>{stale.message}</p>
            <Button variant="secondary" onClick={() => void showCurrent()}>
              {t.staleReload}
            </Button>
          </div>
        ) : null}
        {stranded && stranded.length > 0 ? (
          <StrandedPanel
            stranded={stranded}
            keys={edits.keys}
            moves={edits.moves}
            onChoose={edits.setDestination}
          />
        ) : null}
        {failure ? (
          <p className="call-process-alert" role="alert">
            {failure}
          </p>
        ) : null}
        {readOnly ? null : (
          <div className="call-process-form__actions">
            <Button type="submit" busy={isSubmitting}>
              {creating ? t.create : t.save}
            </Button>
          </div>
        )}
      </form>
      <DestinationDialog
        request={edits.removal}
        onConfirm={(destinationKey) => {
          edits.confirmRemove(destinationKey)
          focusAddOnClose.current = true
        }}
        onCancel={edits.cancelRemove}
      />
      <LeaveGuard guard={guard} />
    </FormProvider>
  )
}
