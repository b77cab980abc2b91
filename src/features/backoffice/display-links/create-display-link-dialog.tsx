// "Nouveau lien d'affichage" (issue #14, docs/domain.md "Display links"): the administrator names the
// screen; the full address is then shown once, with a copy button ("copied" for 1.5 s, spec §9). The
// board shown is the whole centre's or one team's; a manager must choose one of their teams (issue #31).
import { useId, useRef, useState, type FormEvent } from 'react'
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
  /** The teams a link may be bound to (a manager's own). */
  teams: readonly { id: number; name: string }[]
  /** Whether a centre-wide link may be created (administrators); otherwise a team is required. */
  centreWide: boolean
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

export function CreateDisplayLinkDialog({ open, teams, centreWide, onClose }: CreateDisplayLinkDialogProps) {
  const queryClient = useQueryClient()
  const create = useMutation(displayLinkMutations.create(queryClient))
  const [name, setName] = useState('')
  // '' is the whole centre (administrators) or no choice yet; a manager of one team has it chosen.
  const [teamChoice, setTeamChoice] = useState<string | null>(null)
  const [teamMissing, setTeamMissing] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const teamFieldId = useId()
  const teamErrorId = useId()
  const team = teamChoice ?? (!centreWide && teams.length === 1 ? String(teams[0]!.id) : '')

  function handleClose() {
    create.reset()
    setName('')
    setTeamChoice(null)
    setTeamMissing(false)
    onClose()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!centreWide && team === '') {
      setTeamMissing(true)
      return
    }
    create.mutate({ name, teamId: team === '' ? null : Number(team) })
  }

  const created = create.data
  const teamError = teamMissing
    ? t.teamRequired
    : create.error
      ? fieldErrorMessage(create.error, 'teamId')
      : null
  const error = create.error
    ? (fieldErrorMessage(create.error, 'name') ??
      (teamError ? null : apiErrorMessage(create.error, t.failed)))
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
          {!centreWide && teams.length === 0 ? (
            <p role="alert">{t.noTeam}</p>
          ) : (
            <div className="text-field">
              <label className="text-field__label" htmlFor={teamFieldId}>
                {t.team}
              </label>
              <select
                id={teamFieldId}
                className="text-field__input"
                name="displayLinkTeam"
                value={team}
                required={!centreWide}
                aria-invalid={teamError ? true : undefined}
                aria-describedby={teamError ? teamErrorId : undefined}
                onChange={(event) => {
                  setTeamChoice(event.target.value)
                  setTeamMissing(false)
                }}
              >
                <option value="">{centreWide ? t.centreWide : t.chooseTeam}</option>
                {teams.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </select>
              {teamError ? (
                <p id={teamErrorId} className="text-field__error">
                  {teamError}
                </p>
              ) : (
                <p className="display-link-dialog__hint">{t.teamHint}</p>
              )}
            </div>
          )}
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
