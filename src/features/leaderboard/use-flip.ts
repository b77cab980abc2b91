// Rank changes animated by FLIP (issue #14): after the list re-renders in its new order, each row that
// moved starts where it was and slides to its new place (Web Animations API, transform only). Nothing
// moves when `enabled` is false (prefers-reduced-motion) or where the API is missing.
import { useLayoutEffect, useRef, type RefObject } from 'react'

export const FLIP_MS = 700

export function useFlip(container: RefObject<HTMLElement | null>, order: string, enabled: boolean): void {
  const previous = useRef(new Map<string, number>())
  useLayoutEffect(() => {
    const rows = container.current?.querySelectorAll<HTMLElement>('[data-flip-key]') ?? []
    const next = new Map<string, number>()
    for (const row of rows) {
      const key = row.dataset['flipKey'] ?? ''
      const top = row.getBoundingClientRect().top
      next.set(key, top)
      const before = previous.current.get(key)
      if (!enabled || before === undefined || before === top || typeof row.animate !== 'function') continue
      row.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'translateY(0)' }], {
        duration: FLIP_MS,
        easing: 'cubic-bezier(0.2, 0, 0, 1)',
      })
    }
    previous.current = next
  }, [container, order, enabled])
}
