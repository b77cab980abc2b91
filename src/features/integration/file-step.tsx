// Step 1 of /integration/integrate (issue #13): the file, dropped or picked (the picker is a real
// file input, reached with Tab and opened with Enter or Space). A file over 50 MB or of another kind
// is refused here, before any upload; a good one uploads at once with its progress, while the browser
// shows its first rows (file-preview.ts).
import { useRef, useState, type DragEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../api/error-message.ts'
import { importMutations } from '../../api/imports.ts'
import type { ImportDetail } from '../../contracts/imports.ts'
import { fileStep as t, formatFileSize, integrateScreen } from '../../i18n/fr/integration.ts'
import { fileProblem, previewFile, type FilePreview } from './file-preview.ts'
import { FilePreviewTable } from './file-preview-table.tsx'
import { StepHeading } from './step-heading.tsx'

const ACCEPT =
  '.csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export type FileStepProps = { focus: boolean; onUploaded: (detail: ImportDetail) => void }

export function FileStep({ focus, onUploaded }: FileStepProps) {
  const queryClient = useQueryClient()
  const upload = useMutation(importMutations.upload(queryClient))
  const [file, setFile] = useState<File | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const [preview, setPreview] = useState<FilePreview | null>(null)
  const [previewFailed, setPreviewFailed] = useState(false)
  const [dragging, setDragging] = useState(false)
  const chosen = useRef<File | null>(null)

  function choose(next: File) {
    chosen.current = next
    setPreview(null)
    setPreviewFailed(false)
    setProgress(0)
    upload.reset()
    const problem = fileProblem(next)
    if (problem !== null) {
      setFile(null)
      setRefusal(problem === 'tooLarge' ? t.tooLarge(formatFileSize(next.size)) : t[problem])
      return
    }
    setRefusal(null)
    setFile(next)
    previewFile(next).then(
      (result) => chosen.current === next && setPreview(result),
      () => chosen.current === next && setPreviewFailed(true),
    )
    upload.mutate({ file: next, onProgress: setProgress }, { onSuccess: onUploaded })
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) choose(dropped)
  }

  const percent = Math.round(progress * 100)
  const error = refusal ?? (upload.isError ? apiErrorMessage(upload.error, t.uploadFailed) : null)
  return (
    <section className="integration__step" aria-labelledby="import-file-heading">
      <StepHeading id="import-file-heading" focus={focus}>
        {t.heading}
      </StepHeading>
      <p>{integrateScreen.intro}</p>
      <div
        className={dragging ? 'file-drop is-dragging' : 'file-drop'}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
      >
        <span>{t.dropZone}</span>
        <label className="file-drop__pick">
          {t.pick}
          <input
            className="integration__hidden"
            type="file"
            accept={ACCEPT}
            disabled={upload.isPending}
            aria-describedby="import-file-accepted"
            onChange={(event) => {
              const picked = event.target.files?.[0]
              event.target.value = ''
              if (picked) choose(picked)
            }}
          />
        </label>
        <span id="import-file-accepted" className="file-drop__hint">
          {t.accepted}
        </span>
      </div>
      {error === null ? null : (
        <p role="alert" className="integration__error">
          {error}
        </p>
      )}
      {file !== null && upload.isPending ? (
        <div className="integration__upload">
          <progress max={100} value={percent} aria-label={t.uploadLabel} />
          <span>{t.uploading(file.name, percent)}</span>
        </div>
      ) : null}
      {previewFailed ? <p>{t.previewFailed}</p> : null}
      {file !== null && preview !== null ? (
        <section aria-labelledby="import-file-preview">
          <h3 id="import-file-preview">{t.previewHeading(file.name)}</h3>
          {preview.encoding === null ? null : <p>{t.previewEncoding(preview.encoding, preview.delimiter)}</p>}
          <FilePreviewTable label={t.previewLabel} headers={preview.headers} rows={preview.rows} />
        </section>
      ) : null}
    </section>
  )
}
