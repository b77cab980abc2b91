// /integration/integrate (spec §2, issue #13): one page, six steps — file, columns, mission, preview,
// progress, report. The import open is in the URL (`?import={id}`), so a reload or a later visit
// resumes at the step its state calls for; the page can be left while the import runs.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { apiErrorMessage } from '../../api/error-message.ts'
import { importQueries } from '../../api/imports.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { paths } from '../../contracts/app-paths.ts'
import type { ImportDetail } from '../../contracts/imports.ts'
import { integrateScreen as t, screenTitles } from '../../i18n/fr/integration.ts'
import { FileStep } from './file-step.tsx'
import { draftOf, type ImportDraft } from './import-draft.ts'
import { ImportStepper } from './import-stepper.tsx'
import { importIdOf, stepOf, type Editing } from './integrate-params.ts'
import { MappingStep } from './mapping-step.tsx'
import { PreviewStep } from './preview-step.tsx'
import { ProgressStep } from './progress-step.tsx'
import { ReportStep } from './report-step.tsx'
import { TargetStep } from './target-step.tsx'
import './integration.css'

function ImportSteps({ detail, focusFirst }: { detail: ImportDetail; focusFirst: boolean }) {
  const [draft, setDraft] = useState(() => draftOf(detail))
  const [editing, setEditing] = useState<Editing>(null)
  const step = stepOf(detail.state, editing)
  const [firstStep] = useState(step)
  const focus = focusFirst || step !== firstStep
  const change = (changes: Partial<ImportDraft>) => setDraft((current) => ({ ...current, ...changes }))
  return (
    <>
      <ImportStepper current={step} />
      {step === 'mapping' ? (
        <MappingStep
          detail={detail}
          draft={draft}
          focus={focus}
          onChange={change}
          onNext={() => setEditing('target')}
        />
      ) : step === 'target' ? (
        <TargetStep
          detail={detail}
          draft={draft}
          focus={focus}
          onChange={change}
          onBack={() => setEditing('mapping')}
          onAnalysed={() => setEditing(null)}
        />
      ) : step === 'preview' ? (
        <PreviewStep detail={detail} focus={focus} onEdit={() => setEditing('mapping')} />
      ) : step === 'progress' ? (
        <ProgressStep detail={detail} focus={focus} />
      ) : (
        <>
          <ReportStep detail={detail} focus={focus} />
          <p>
            <Link to={paths.integrationIntegrate()}>{t.newImport}</Link>
          </p>
        </>
      )}
    </>
  )
}

function ImportFlow({ id, focusFirst }: { id: number; focusFirst: boolean }) {
  const detail = useQuery(importQueries.detail(id))
  if (detail.data === undefined)
    return (
      <p role={detail.isError ? 'alert' : 'status'}>
        {detail.isError ? apiErrorMessage(detail.error, t.loadFailed) : t.loading}
      </p>
    )
  // A header row chosen again brings new columns: the draft starts again from them.
  return <ImportSteps key={detail.data.headerLine} detail={detail.data} focusFirst={focusFirst} />
}

export function IntegrateScreen() {
  const [params, setParams] = useSearchParams()
  const importId = importIdOf(params)
  // After an upload, each step's heading takes the focus; on arrival, the page's own focus stays.
  const [uploaded, setUploaded] = useState(false)

  function handleUploaded(detail: ImportDetail) {
    setUploaded(true)
    setParams({ import: String(detail.id) })
  }

  return (
    <div className="integration">
      <ScreenTitle title={screenTitles.integrationIntegrate} />
      {importId === null ? (
        <>
          <ImportStepper current="file" />
          <FileStep focus={false} onUploaded={handleUploaded} />
        </>
      ) : (
        <ImportFlow key={importId} id={importId} focusFirst={uploaded} />
      )}
    </div>
  )
}
