// Issue #31: where production has no mail server, a new user's welcome link cannot be mailed: the
// administrator who created them gets it here, once, with its validity and a copy button, to hand over.
// « Nouveau lien » on the user's panel shows a fresh one the same way.
import { CopyableLink } from '../../../components/ui/copyable-link.tsx'
import { Modal } from '../../../components/ui/modal.tsx'
import { formatDateTime } from '../../../i18n/format.ts'
import { welcomeLink as t } from '../../../i18n/fr/backoffice-users.ts'

/** `renewed`: « Nouveau lien » issued it (the older links stop working); else the account was just created. */
export type HandedOverLink = { name: string; url: string; expiresAt: string; renewed?: boolean }

export function WelcomeLinkDialog({ link, onClose }: { link: HandedOverLink | null; onClose: () => void }) {
  return (
    <Modal open={link !== null} onClose={onClose} title={t.title}>
      {link ? (
        <CopyableLink
          id="welcome-link-url"
          url={link.url}
          intro={
            <>
              <p>{link.renewed ? t.renewed : t.noServer}</p>
              <p>{t.handOver(link.name, formatDateTime(link.expiresAt))}</p>
            </>
          }
          strings={{ ...t, close: t.done }}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  )
}
