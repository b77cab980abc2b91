// The toasts inside the award region (src/app/award-toasts-outlet.tsx): names, pictures and the user's
// progress load with the first award, so that no signed-out page carries them (issue #27).
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { authQueries } from '../api/auth.ts'
import { gamificationQueries } from '../api/gamification.ts'
import { AwardIcon } from '../components/ui/award-icon.tsx'
import { awardName } from '../contracts/award-names.ts'
import { awardToasts as t } from '../i18n/fr/award-toasts.ts'
import { awardToastsStore, dismissAwardToast } from '../stores/award-toasts.ts'
import './award-toasts-outlet.css'

export default function AwardToastList() {
  const { items } = useSnapshot(awardToastsStore)
  // Read from the cache only: the list never asks who is signed in.
  const { data: me } = useQuery({ ...authQueries.me(), enabled: false })
  const { data: progress } = useQuery({
    ...gamificationQueries.user(me?.id ?? 0),
    enabled: me !== undefined && items.length > 0,
  })
  const iconOf = (kind: 'badge' | 'tentacall', code: string) =>
    (kind === 'badge' ? progress?.badges : progress?.tentacalls)?.find((award) => award.id === code)?.icon ??
    ''
  return items.map((item) => (
    <div key={item.id} className="award-toasts__item">
      <AwardIcon name={iconOf(item.kind, item.code)} className="award-toasts__icon" />
      <span>{t[item.kind](awardName(item.kind, item.code))}</span>
      <button type="button" className="award-toasts__close" onClick={() => dismissAwardToast(item.id)}>
        {t.close}
      </button>
    </div>
  ))
}
