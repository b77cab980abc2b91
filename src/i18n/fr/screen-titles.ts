// Every route of the table (src/contracts/routes.ts) has its screen's title, in the `screenTitles` of
// the French module its screen reads (issue #28 "screens described once"; src/components/ui/
// screen-title.tsx makes the heading and the browser tab of it). A route without one fails the
// typecheck here. Types only: nothing of this file reaches a chunk, each title stays in its screen's.
import type { RouteId } from '../../contracts/routes.ts'
import type { screenTitles as activity } from './activity.ts'
import type { screenTitles as appointments } from './appointments.ts'
import type { screenTitles as assignments } from './assignments.ts'
import type { screenTitles as auth } from './auth.ts'
import type { screenTitles as backoffice } from './backoffice.ts'
import type { screenTitles as backofficeCallProcess } from './backoffice-call-process.ts'
import type { screenTitles as backofficeDisplayLinks } from './backoffice-display-links.ts'
import type { screenTitles as backofficeMissions } from './backoffice-missions.ts'
import type { screenTitles as backofficeTags } from './backoffice-tags.ts'
import type { screenTitles as backofficeUsers } from './backoffice-users.ts'
import type { screenTitles as crons } from './crons.ts'
import type { screenTitles as devFloor } from './dev-floor.ts'
import type { screenTitles as extractions } from './extractions.ts'
import type { screenTitles as followUp } from './follow-up.ts'
import type { screenTitles as gamification } from './gamification.ts'
import type { screenTitles as integration } from './integration.ts'
import type { screenTitles as integrationHistory } from './integration-history.ts'
import type { screenTitles as leaderboard } from './leaderboard.ts'
import type { screenTitles as leads } from './leads.ts'
import type { screenTitles as mails } from './mails.ts'
import type { screenTitles as monitor } from './monitor.ts'
import type { screenTitles as myRecalls } from './my-recalls.ts'
import type { screenTitles as pages } from './pages.ts'
import type { screenTitles as sms } from './sms.ts'
import type { screenTitles as timeline } from './timeline.ts'
import type { screenTitles as webhooksStatus } from './webhooks-status.ts'

type Titled =
  | keyof typeof activity
  | keyof typeof appointments
  | keyof typeof assignments
  | keyof typeof auth
  | keyof typeof backoffice
  | keyof typeof backofficeCallProcess
  | keyof typeof backofficeDisplayLinks
  | keyof typeof backofficeMissions
  | keyof typeof backofficeTags
  | keyof typeof backofficeUsers
  | keyof typeof crons
  | keyof typeof devFloor
  | keyof typeof extractions
  | keyof typeof followUp
  | keyof typeof gamification
  | keyof typeof integration
  | keyof typeof integrationHistory
  | keyof typeof leaderboard
  | keyof typeof leads
  | keyof typeof mails
  | keyof typeof monitor
  | keyof typeof myRecalls
  | keyof typeof pages
  | keyof typeof sms
  | keyof typeof timeline
  | keyof typeof webhooksStatus

/** The routes without a title: `never` while every route has one. */
export type UntitledRoute = Exclude<RouteId, Titled>

export const everyRouteTitled: [UntitledRoute] extends [never] ? true : UntitledRoute = true
