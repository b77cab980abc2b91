// /backoffice/call-process/{callProcessId} (spec §2, issue #12 "Call processes"): the editor of one
// process's numbered steps, scripts and outcomes; /backoffice/call-process/nouveau creates one. The
// route composes the editor with the agent sheet's step view, for the script's live preview.
import { callProcessQueries } from '../../api/call-processes.ts'
import { tagCatalogueQueries } from '../../api/tag-catalogue.ts'
import {
  CallProcessEditorScreen,
  callProcessIdOf,
} from '../../features/backoffice/call-process/call-process-editor.tsx'
import type { ScriptPreviewProps } from '../../features/backoffice/call-process/script-preview-context.ts'
import { LeadStep } from '../../features/leads/lead-step.tsx'
import { scriptValuesOf } from '../../features/leads/script-placeholders.ts'
import { previewSample } from '../../i18n/fr/backoffice-call-process.ts'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { params }) => {
  const id = callProcessIdOf(params.callProcessId)
  return [
    queryClient.ensureQueryData(tagCatalogueQueries.catalogue()),
    ...(id === null || Number.isNaN(id) ? [] : [queryClient.ensureQueryData(callProcessQueries.detail(id))]),
  ]
})

/** The sample lead "Jeanne Dupont, Lyon", read by a sample teleoperator. */
const SAMPLE_VALUES = scriptValuesOf(previewSample.reader, previewSample.lead)

/** A step as the agent sheet shows it. */
function agentStepPreview({ number, stepCount, title, script }: ScriptPreviewProps) {
  return (
    <LeadStep
      step={number}
      maxStep={stepCount}
      current={{ id: 0, number, title, script, callProcessTags: [] }}
      values={SAMPLE_VALUES}
    />
  )
}

export function Component() {
  return <CallProcessEditorScreen preview={agentStepPreview} />
}
