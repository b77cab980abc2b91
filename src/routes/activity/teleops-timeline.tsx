// /activity/teleops-timeline (spec §2). Its screen comes with a later issue; until then, title only.
import { PlaceholderPage } from '../../app/placeholder-page.tsx'
import { screenTitles } from '../../i18n/fr/screens.ts'

export function Component() {
  return <PlaceholderPage title={screenTitles.activityTeleopsTimeline} />
}
