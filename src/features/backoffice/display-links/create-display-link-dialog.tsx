// "Nouveau lien d'affichage" (issue #14, docs/domain.md "Display links"): the administrator names the
// screen; the full address is then shown once, with a copy button ("copied" for 1.5 s, spec §9).
import { useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { displayLinkMutations } from '../../../api/display-links.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../../api/error-message.ts'
import { Button } from '../../../components/ui/button.tsx'
import { CopyableLink } from '../../../components/ui/copyable-link.tsx'
import { Modal } from '../../../components/ui/modal.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../contracts/app-paths.ts'
import { displayLinkDialog as t } from '../../../i18n/fr/backoffice-display-links.ts'

export type CreateDisplayLinkDialogProps = {
  open: boolean
  onClose: () => void
}

function CreatedLink({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <CopyableLink
      id="display-link-url"
      url={url}
      intro={<p>{t.createdIntro}</p>}
      strings={{ ...t, label: t.url }}
      onClose={onClose}
    />
  )
}

export function CreateDisplayLinkDialog({ open, onClose }: CreateDisplayLinkDialogProps) {
  const queryClient = useQueryClient()
  const create = useMutation(displayLinkMutations.create(queryClient))
  const [name, setName] = useState('')
  const nameRef = useRef<HTMLInputElement>(null)

  function handleClose() {
    create.reset()
    setName('')
    onClose()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    create.mutate({ name })
  }

  const created = create.data
  const error = create.error
    ? (fieldErrorMessage(create.error, 'name') ?? apiErrorMessage(create.error, t.failed))
    : null
  return (
    <Modal
      open={open}
      onClose={handleClose}
      title={created ? t.createdTitle : t.title}
      initialFocusRef={created ? undefined : nameRef}
    >
      {created ? (
        <CreatedLink
          url={new URL(paths.display(created.token), window.location.origin).href}
          onClose={handleClose}
        />
      ) : (
        <form className="display-link-dialog" onSubmit={handleSubmit} noValidate>
          <TextField
            ref={nameRef}
            label={t.name}
            name="displayLinkName"
            value={name}
            onChange={setName}
            error={error}
            autoComplete="off"
            required
          />
          <p className="display-link-dialog__hint">{t.nameHint}</p>
          <div className="display-link-dialog__actions">
            <Button variant="secondary" onClick={handleClose}>
              {t.cancel}
            </Button>
            <Button type="submit" busy={create.isPending}>
              {t.submit}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  )
}
