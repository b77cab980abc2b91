// The follow-up's view, held in the URL (conventions §3.3): the mission, the market, and the list a
// count opened (bucket, value, page), so a list can be reloaded, shared and walked back.
import { useUrlView } from '../../components/ui/use-url-view.ts'
import type { FollowUpLeadsParams } from '../../api/follow-up.ts'
import { FOLLOW_UP_BUCKETS, type FollowUpBucket } from '../../contracts/follow-up.ts'

export type FollowUpView = {
  missionId: number | null
  marketId: number | null
  /** The list opened; null: none. */
  bucket: FollowUpBucket | null
  value: string | null
  page: number
}

function positive(value: string | null): number | null {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null
}

export function readFollowUpView(params: URLSearchParams): FollowUpView {
  const bucket = params.get('bucket')
  const value = params.get('value')
  return {
    missionId: positive(params.get('mission')),
    marketId: positive(params.get('market')),
    bucket: FOLLOW_UP_BUCKETS.find((item) => item === bucket) ?? null,
    value: value !== null && /^[\w-]{1,40}$/.test(value) ? value : null,
    page: positive(params.get('page')) ?? 1,
  }
}

export function writeFollowUpView(view: FollowUpView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.missionId !== null) params.set('mission', String(view.missionId))
  if (view.marketId !== null) params.set('market', String(view.marketId))
  if (view.bucket !== null) params.set('bucket', view.bucket)
  if (view.bucket !== null && view.value !== null) params.set('value', view.value)
  if (view.bucket !== null && view.page > 1) params.set('page', String(view.page))
  return params
}

/** The list request of a view with a list opened, once the mission is known. */
export function leadsQueryOf(view: FollowUpView, missionId: number | null): FollowUpLeadsParams | null {
  if (view.bucket === null || missionId === null) return null
  return {
    missionId,
    marketId: view.marketId ?? undefined,
    bucket: view.bucket,
    value: view.value ?? undefined,
    page: view.page,
  }
}

export function useFollowUpView() {
  const [view, change] = useUrlView(readFollowUpView, writeFollowUpView)
  function update(changes: Partial<FollowUpView>) {
    // Another mission or market closes the list; another list starts on its first page.
    const scope = 'missionId' in changes || 'marketId' in changes
    const reset = scope ? { bucket: null, value: null, page: 1 } : 'bucket' in changes ? { page: 1 } : {}
    change((current) => {
      const next = { ...current, ...reset, ...changes }
      if ('missionId' in changes) next.marketId = changes.marketId ?? null
      return next
    })
  }
  return [view, update] as const
}
