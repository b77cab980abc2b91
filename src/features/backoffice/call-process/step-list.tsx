// The numbered steps (issue #12): reordered by drag and drop (@dnd-kit sortable: pointer, touch, and
// its keyboard sensor with French announcements) or by "Monter"/"Descendre", after which focus stays
// on the moved step's button (or its other one at the ends of the list).
import { useEffect, useRef } from 'react'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import type { CatalogueTag } from '../../../api/tag-catalogue.ts'
import { callProcessEditor as t } from '../../../i18n/fr/backoffice-call-process.ts'
import { StepCard } from './step-card.tsx'

export type StepListProps = {
  /** react-hook-form's keys of the steps, in order. */
  keys: readonly string[]
  leadCounts: readonly number[]
  tags: readonly CatalogueTag[]
  disabled: boolean
  onMove: (from: number, to: number) => void
  onRemove: (index: number) => void
}

type FocusRequest = { key: string; button: 'up' | 'down' }

export function StepList({ keys, leadCounts, tags, disabled, onMove, onRemove }: StepListProps) {
  const listRef = useRef<HTMLOListElement>(null)
  const focusRequest = useRef<FocusRequest | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const numberOf = (id: UniqueIdentifier | undefined) => keys.indexOf(String(id)) + 1

  const announcements: Announcements = {
    onDragStart: ({ active }) => t.announcements.start(numberOf(active.id)),
    onDragOver: ({ active, over }) =>
      t.announcements.over(numberOf(active.id), over ? numberOf(over.id) : null),
    onDragEnd: ({ active, over }) =>
      t.announcements.end(numberOf(active.id), over ? numberOf(over.id) : null),
    onDragCancel: ({ active }) => t.announcements.cancel(numberOf(active.id)),
  }

  // After a move by button, the moved step's button keeps focus (its other one when at an end).
  useEffect(() => {
    const request = focusRequest.current
    if (!request || !listRef.current) return
    focusRequest.current = null
    const step = listRef.current.querySelector(`[data-step-key="${CSS.escape(request.key)}"]`)
    const wanted = step?.querySelector<HTMLButtonElement>(`[data-move="${request.button}"]`)
    const other = step?.querySelector<HTMLButtonElement>(
      `[data-move="${request.button === 'up' ? 'down' : 'up'}"]`,
    )
    ;(wanted && !wanted.disabled ? wanted : other)?.focus()
  })

  function handleMove(from: number, to: number, button: 'up' | 'down') {
    const key = keys[from]
    if (key === undefined || to < 0 || to >= keys.length) return
    focusRequest.current = { key, button }
    onMove(from, to)
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const from = keys.indexOf(String(active.id))
    const to = keys.indexOf(String(over.id))
    if (from !== -1 && to !== -1) onMove(from, to)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.announcements.instructions } }}
    >
      <SortableContext items={keys as string[]} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} className="call-process-steps">
          {keys.map((key, index) => (
            <StepCard
              key={key}
              stepKey={key}
              index={index}
              stepCount={keys.length}
              leadCount={leadCounts[index] ?? 0}
              tags={tags}
              disabled={disabled}
              onMove={handleMove}
              onRemove={onRemove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}
