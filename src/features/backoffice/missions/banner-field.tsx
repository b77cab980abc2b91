// The mission banner (issue #12): choose an image (the native file input, keyboard-usable), see it
// before sending, send or remove it. The server sniffs, re-encodes and sizes it; a refusal (not an
// image, too large) shows next to the field. Sent at once, apart from the form: it has no version.
import { useEffect, useId, useRef, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage, fieldErrorMessage } from '../../../api/error-message.ts'
import { missionMutations } from '../../../api/missions.ts'
import { Button } from '../../../components/ui/button.tsx'
import type { Mission } from '../../../contracts/missions.ts'
import { bannerField as t } from '../../../i18n/fr/backoffice-missions.ts'
import { notify } from '../../../stores/notifications.ts'

const MAX_BYTES = 4 * 1024 * 1024

export type BannerFieldProps = { mission: Mission; disabled?: boolean }

export function BannerField({ mission, disabled = false }: BannerFieldProps) {
  const queryClient = useQueryClient()
  const send = useMutation(missionMutations.banner(queryClient))
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const previewRef = useRef<string | null>(null)

  // The preview's object URL is released when another file is chosen, and when the panel closes.
  useEffect(() => () => showPreview(null), [])

  function showPreview(chosen: File | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current)
    previewRef.current = chosen ? URL.createObjectURL(chosen) : null
    setPreview(previewRef.current)
  }

  function handleChoose(chosen: File | null) {
    setError(chosen && chosen.size > MAX_BYTES ? t.tooLarge : null)
    setFile(chosen)
    showPreview(chosen)
  }

  async function handleSend(next: File | null) {
    try {
      await send.mutateAsync({ id: mission.id, file: next })
      notify({ kind: 'success', message: next ? t.uploaded : t.removed })
      setFile(null)
      showPreview(null)
      if (inputRef.current) inputRef.current.value = ''
    } catch (refusal) {
      setError(fieldErrorMessage(refusal, 'file') ?? apiErrorMessage(refusal, t.failed))
    }
    inputRef.current?.focus()
  }

  const shown = preview ?? (mission.bannerUrl || null)
  return (
    <div className="banner-field">
      <label htmlFor={inputId} className="text-field__label">
        {t.label}
      </label>
      <p id={hintId} className="banner-field__hint">
        {t.hint}
      </p>
      {shown ? <img className="banner-field__preview" src={shown} alt={t.preview} /> : <p>{t.none}</p>}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={disabled}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => handleChoose(event.target.files?.[0] ?? null)}
      />
      {error ? (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      ) : null}
      <div className="banner-field__actions">
        <Button
          disabled={disabled || !file || error !== null}
          busy={send.isPending}
          onClick={() => void handleSend(file)}
        >
          {t.upload}
        </Button>
        {mission.bannerUrl ? (
          <Button
            variant="secondary"
            disabled={disabled}
            busy={send.isPending}
            onClick={() => void handleSend(null)}
          >
            {t.remove}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
