// Issue #31: where production has no mail server, a new user's welcome link cannot be mailed: the
// administrator who created them gets it here, once, with its validity and a copy button, to hand over.
import { Button } from '../../../components/ui/button.tsx'
import { Modal } from '../../../components/ui/modal.tsx'
import { formatDateTime } from '../../../i18n/format.ts'
import { welcomeLink as t } from '../../../i18n/fr/backoffice-users.ts'
import { useCopyToClipboard } from '../../../components/ui/use-copy-to-clipboard.ts'

export type HandedOverLink = { name: string; url: string; expiresAt: string }

export function WelcomeLinkDialog({ link, onClose }: { link: HandedOverLink | null; onClose: () => void }) {
  const { state: copy, copy: copyText } = useCopyToClipboard()

  return (
    <Modal open={link !== null} onClose={onClose} title={t.title}>
      {link ? (
        <div className="display-link-created">
          <p>{t.noServer}</p>
          <p>{t.handOver(link.name, formatDateTime(link.expiresAt))}</p>
          <label className="display-link-created__label" htmlFor="welcome-link-url">
            {t.label}
          </label>
          <input
            id="welcome-link-url"
            className="display-link-created__url"
            readOnly
            value={link.url}
            onFocus={(event) => event.target.select()}
          />
          <p role="status" className="display-link-created__status">
            {copy === 'copied' ? t.copied : copy === 'failed' ? t.copyFailed : ''}
          </p>
          <div className="display-link-dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              {t.done}
            </Button>
            <Button onClick={() => void copyText(link.url)}>{t.copy}</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  )
}
