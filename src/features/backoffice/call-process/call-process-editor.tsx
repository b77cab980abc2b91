// /backoffice/call-process/{callProcessId} (issue #12 "Call processes"): one process's editor, or a
// new one at /backoffice/call-process/nouveau. It needs the process and the tag catalogue (the
// outcomes' tags and the rules that depend on them), then shows the form and the audit history.
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { callProcessQueries } from '../../../api/call-processes.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { tagCatalogueQueries } from '../../../api/tag-catalogue.ts'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { paths } from '../../../contracts/app-paths.ts'
import type { CallProcessDetail } from '../../../contracts/call-processes.ts'
import { callProcessEditor as t, screenTitles } from '../../../i18n/fr/backoffice-call-process.ts'
import { formatList } from '../../../i18n/format.ts'
import { AuditHistory } from '../audit-history.tsx'
import { CallProcessEditorForm } from './call-process-editor-form.tsx'
import { NEW_CALL_PROCESS } from './editor-values.ts'
import { ScriptPreviewContext, type RenderScriptPreview } from './script-preview-context.ts'
import './call-process.css'

/** The process id of the URL segment; null for "nouveau"; NaN when it is neither. */
export function callProcessIdOf(segment: string | undefined): number | null {
  if (segment === NEW_CALL_PROCESS) return null
  const id = Number(segment)
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : Number.NaN
}

export type CallProcessEditorScreenProps = {
  /** The agent sheet's rendering of a step, for the live preview (composed by the route). */
  preview: RenderScriptPreview
}

export function CallProcessEditorScreen({ preview }: CallProcessEditorScreenProps) {
  const { callProcessId } = useParams()
  const id = callProcessIdOf(callProcessId)
  const valid = id === null || !Number.isNaN(id)
  const process = useQuery({ ...callProcessQueries.detail(id ?? 0), enabled: id !== null && valid })
  const tags = useQuery(tagCatalogueQueries.catalogue())

  const back = (
    <Link className="call-process-editor__back" to={paths.backofficeCallProcesses()}>
      {t.back}
    </Link>
  )
  if (!valid || process.isError || tags.isError)
    return (
      <div className="call-process-editor">
        {back}
        <ScreenTitle title={screenTitles.backofficeCallProcess} heading={t.loadFailed} />
        <p role="alert">
          {tags.isError
            ? apiErrorMessage(tags.error, t.tagsFailed)
            : apiErrorMessage(process.error, t.loadFailed)}
        </p>
      </div>
    )
  if ((id !== null && process.data === undefined) || tags.data === undefined)
    return (
      <div className="call-process-editor">
        {back}
        <p role="status">{tags.data === undefined ? t.tagsLoading : t.loading}</p>
      </div>
    )
  const detail = id === null ? null : (process.data ?? null)
  return (
    <div className="call-process-editor">
      {back}
      <EditorHeader process={detail} />
      {tags.data.items.length === 0 ? <p className="call-process-screen__empty">{t.noTags}</p> : null}
      <ScriptPreviewContext value={preview}>
        <CallProcessEditorForm key={detail?.id ?? NEW_CALL_PROCESS} process={detail} tags={tags.data.items} />
      </ScriptPreviewContext>
      {detail ? <AuditHistory entity="callProcess" entityId={detail.id} /> : null}
    </div>
  )
}

function EditorHeader({ process }: { process: CallProcessDetail | null }) {
  return (
    <>
      <ScreenTitle title={screenTitles.backofficeCallProcess} heading={process?.name ?? t.newTitle} />
      {process ? (
        <p>
          {process.missions.length > 0
            ? t.usedBy(formatList(process.missions.map((mission) => mission.name)))
            : t.unused}
        </p>
      ) : null}
      {process?.archivedAt ? <p className="call-process-screen__empty">{t.archivedNotice}</p> : null}
    </>
  )
}
