// What the domain gets of telephony (issue #28 point 2): the provider interface, the simulator's
// controls when it is the provider, and the processing of deliveries. server/plugins/telephony.ts
// builds it and decorates the app with it; the domain never imports the plugin.
import type { AircallWebhookBody, TelephonyProviderName } from '../../../src/contracts/call.ts'
import type { Simulator, TelephonyProvider } from '../../telephony/provider.ts'
import type { ProcessingContext } from '../webhooks/processing.ts'

export type Telephony = {
  provider: TelephonyProvider
  /** Present when TELEPHONY_PROVIDER=simulator. */
  simulator: Simulator | undefined
  /** Queues one delivery for processing; returns at once. */
  receive: (provider: TelephonyProviderName, body: AircallWebhookBody) => void
  idle: () => Promise<void>
  context: ProcessingContext
}
