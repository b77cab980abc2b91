// The tags list (issue #12 "Tags"): @tanstack/react-table for the columns; the server filters and
// pages. A row opens the tag's panel; its label is a real button, so the list is walked with Tab and
// opened with Enter. The swatch shows the tag's colour beside its label.
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import type { Tag } from '../../../contracts/tags.ts'
import { delayInWords, substatuses, tagsScreen as t } from '../../../i18n/fr/backoffice-tags.ts'
import { leads } from '../../../i18n/fr/leads.ts'

const features = tableFeatures({})
const helper = createColumnHelper<typeof features, Tag>()

/** What the tag does besides the status, in words. */
export function effectsOf(tag: Tag): string {
  const effects = [
    tag.endsProcessing ? t.effects.endsProcessing : null,
    tag.requiresAppointment ? t.effects.requiresAppointment : null,
    tag.asksRecallDate ? t.effects.asksRecallDate : null,
    tag.withoutCall ? t.effects.withoutCall : null,
    tag.recallDelayMinutes !== null ? t.effects.recall(delayInWords(tag.recallDelayMinutes)) : null,
  ].filter((effect) => effect !== null)
  return effects.join(', ') || t.noEffect
}

export function statusOf(tag: Tag): string {
  if (tag.status === null) return t.unchanged
  const status = leads.statuses[tag.status]
  return tag.substatus ? `${status} – ${substatuses[tag.substatus]}` : status
}

const columns = helper.columns([
  helper.accessor('label', { id: 'label', header: t.columns.label }),
  helper.accessor(statusOf, { id: 'status', header: t.columns.status }),
  helper.accessor(effectsOf, { id: 'effects', header: t.columns.effects }),
  helper.accessor((tag) => tag.experiencePoints.toLocaleString('fr-FR'), {
    id: 'experiencePoints',
    header: t.columns.experiencePoints,
  }),
  helper.accessor((tag) => t.usage(tag.usageCount), { id: 'usage', header: t.columns.usage }),
  helper.accessor((tag) => (tag.retiredAt ? t.retired : t.active), { id: 'state', header: t.columns.state }),
])

export type TagsTableProps = {
  tags: readonly Tag[]
  selectedId: number | null
  onOpen: (tagId: number) => void
}

export function TagsTable({ tags, selectedId, onOpen }: TagsTableProps) {
  const table = useTable({
    features,
    columns,
    data: tags as Tag[],
    getRowId: (tag) => String(tag.id),
  })

  return (
    <div className="tags-table__scroll">
      <table className="tags-table" aria-label={t.tableLabel}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const tag = row.original
            const selected = tag.id === selectedId
            return (
              <tr key={row.id} className={selected ? 'tags-table__row is-selected' : 'tags-table__row'}>
                {row.getAllCells().map((cell) =>
                  cell.column.id === 'label' ? (
                    <th key={cell.id} scope="row">
                      <span className="tag-swatch" style={{ background: tag.color }} aria-hidden="true" />
                      <button
                        type="button"
                        className="tags-table__open"
                        aria-label={t.open(tag.label)}
                        aria-current={selected ? 'true' : undefined}
                        onClick={() => onOpen(tag.id)}
                      >
                        {tag.label}
                      </button>
                    </th>
                  ) : (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
