// One tag's panel (issue #12 "Tags"): the creation form, or the tag's form with retire / restore /
// delete (each confirmed) and the history of its changes. A tag someone else changed meanwhile
// comes back as it now is (src/api/tags.ts), with the server's French explanation in the form.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { tagMutations, tagQueries } from '../../../api/tags.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { TagFields } from '../../../contracts/tag-form.ts'
import type { Tag } from '../../../contracts/tags.ts'
import { tagDetail as t, tagForm } from '../../../i18n/fr/backoffice-tags.ts'
import { notify } from '../../../stores/notifications.ts'
import { AuditHistory } from '../audit-history.tsx'
import { TagEditor } from './tag-editor.tsx'

export type TagPanelProps = { onClose: () => void }

export function NewTagPanel({ onClose, onCreated }: TagPanelProps & { onCreated: (tag: Tag) => void }) {
  const queryClient = useQueryClient()
  const create = useMutation(tagMutations.create(queryClient))
  async function handleSave(fields: TagFields) {
    const tag = await create.mutateAsync(fields)
    notify({ kind: 'success', message: tagForm.created(tag.label) })
    onCreated(tag)
  }
  return (
    <section className="tag-detail" aria-labelledby="tag-new-title">
      <header className="tag-detail__header">
        <h2 id="tag-new-title">{tagForm.createTitle}</h2>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </header>
      <TagEditor submitLabel={tagForm.create} onSave={handleSave} />
    </section>
  )
}

export function TagDetail({ tagId, onClose }: TagPanelProps & { tagId: number }) {
  const tag = useQuery(tagQueries.detail(tagId))
  if (tag.data) return <TagPanel tag={tag.data} onClose={onClose} />
  if (!tag.isError) return <p role="status">{t.loading}</p>
  // A tag that does not exist (a stale link, deleted) or could not be read: say so, with the way out.
  return (
    <section className="tag-detail" aria-label={t.loadFailed}>
      <p role="alert">{apiErrorMessage(tag.error, t.loadFailed)}</p>
      <Button variant="secondary" onClick={onClose}>
        {t.close}
      </Button>
    </section>
  )
}

type Action = 'retire' | 'restore' | 'remove'

function fieldsOf(tag: Tag): TagFields {
  const { id: _id, version: _version, retiredAt: _retiredAt, usageCount: _usageCount, ...fields } = tag
  return fields
}

function TagPanel({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const queryClient = useQueryClient()
  const update = useMutation(tagMutations.update(queryClient))
  const mutations = {
    retire: useMutation(tagMutations.retire(queryClient)),
    restore: useMutation(tagMutations.restore(queryClient)),
    remove: useMutation(tagMutations.remove(queryClient)),
  }
  const [confirming, setConfirming] = useState<Action | null>(null)
  const retired = tag.retiredAt !== null
  const done = { retire: t.retired, restore: t.restored, remove: t.removed }

  async function handleSave(fields: TagFields) {
    await update.mutateAsync({ ...fields, id: tag.id, version: tag.version })
    notify({ kind: 'success', message: tagForm.saved })
  }

  function handleConfirm() {
    if (confirming === null) return
    const action = confirming
    mutations[action].mutateAsync({ id: tag.id, version: tag.version }).then(
      () => {
        setConfirming(null)
        notify({ kind: 'success', message: done[action] })
        if (action === 'remove') onClose()
      },
      () => setConfirming(null),
    )
  }

  const dialog = confirming
    ? {
        retire: { title: t.retireTitle, message: t.retireText(tag.label), confirm: t.retireConfirm },
        restore: { title: t.restoreTitle, message: t.restoreText(tag.label), confirm: t.restoreConfirm },
        remove: { title: t.removeTitle, message: t.removeText(tag.label), confirm: t.removeConfirm },
      }[confirming]
    : null

  return (
    <section className="tag-detail" aria-labelledby="tag-detail-title">
      <header className="tag-detail__header">
        <h2 id="tag-detail-title" tabIndex={-1}>
          <span className="tag-swatch" style={{ background: tag.color }} aria-hidden="true" />
          {tag.label}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </header>
      {retired ? <p className="tag-detail__retired">{t.retiredNotice}</p> : null}
      <p>{t.usage(tag.usageCount)}</p>
      <TagEditor
        key={tag.id}
        current={fieldsOf(tag)}
        submitLabel={tagForm.save}
        disabled={retired}
        onSave={handleSave}
      />
      <div className="tag-detail__actions">
        <Button
          variant={retired ? 'primary' : 'danger'}
          onClick={() => setConfirming(retired ? 'restore' : 'retire')}
        >
          {retired ? t.restore : t.retire}
        </Button>
        {tag.usageCount === 0 ? (
          <Button variant="danger" onClick={() => setConfirming('remove')}>
            {t.remove}
          </Button>
        ) : null}
      </div>
      <AuditHistory entity="tag" entityId={tag.id} />
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        cancelLabel={t.cancel}
        busy={confirming !== null && mutations[confirming].isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(null)}
      />
    </section>
  )
}
