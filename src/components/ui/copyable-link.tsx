// A link shown once to be copied (spec §9): its field (read-only, selected on focus), a copy button
// whose "copied" flag lasts 1.5 s, and the dialog's closing button. Display links and welcome links.
import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { useCopyToClipboard } from './use-copy-to-clipboard.ts'
import './copyable-link.css'

export type CopyableLinkStrings = {
  label: string
  copy: string
  copied: string
  copyFailed: string
  close: string
}

export function CopyableLink({
  id,
  url,
  intro,
  strings: t,
  onClose,
}: {
  id: string
  url: string
  intro: ReactNode
  strings: CopyableLinkStrings
  onClose: () => void
}) {
  const { state, copy } = useCopyToClipboard()
  return (
    <div className="copyable-link">
      {intro}
      <label className="copyable-link__label" htmlFor={id}>
        {t.label}
      </label>
      <input
        id={id}
        className="copyable-link__url"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
      <p role="status" className="copyable-link__status">
        {state === 'copied' ? t.copied : state === 'failed' ? t.copyFailed : ''}
      </p>
      <div className="copyable-link__actions">
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
        <Button onClick={() => void copy(url)}>{t.copy}</Button>
      </div>
    </div>
  )
}
