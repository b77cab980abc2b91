// Whose progress `/activity/gamification` shows, held in the URL (conventions §3.3): `?user=` an
// agent, `?team=` a team (one or the other). Without either: one's own (teleoperators always).
import { useUrlView } from '../../components/ui/use-url-view.ts'

export type GamificationView =
  { kind: 'user'; userId: number } | { kind: 'team'; teamId: number } | { kind: 'none' }

function positive(value: string | null): number | null {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 ? number : null
}

export function readGamificationView(params: URLSearchParams): GamificationView {
  const userId = positive(params.get('user'))
  if (userId !== null) return { kind: 'user', userId }
  const teamId = positive(params.get('team'))
  return teamId !== null ? { kind: 'team', teamId } : { kind: 'none' }
}

export function writeGamificationView(view: GamificationView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.kind === 'user') params.set('user', String(view.userId))
  if (view.kind === 'team') params.set('team', String(view.teamId))
  return params
}

type Viewer = { id: number; role: string; isCallCapable: boolean }

/** Managers and administrators choose whose progress they see (an agent's or a team's). */
export function choosesWhose(viewer: Viewer): boolean {
  return viewer.role !== 'TELEOPERATOR'
}

/**
 * What the viewer sees for the URL's view: a teleoperator only their own progress; without a
 * choice, a call-capable supervisor their own, an administrator nothing yet (they choose).
 */
export function effectiveView(viewer: Viewer, view: GamificationView): GamificationView {
  if (viewer.role === 'TELEOPERATOR') return { kind: 'user', userId: viewer.id }
  if (view.kind === 'none' && viewer.isCallCapable) return { kind: 'user', userId: viewer.id }
  return view
}

export function useGamificationView() {
  const [view, change] = useUrlView(readGamificationView, writeGamificationView)
  return [view, (next: GamificationView) => change(() => next)] as const
}
