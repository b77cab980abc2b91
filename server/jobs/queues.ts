// Every background queue the server works, in one list (issue #28 point 3), as the crons' catalogue
// lists the scheduled jobs. Each module names its queue, its options and the domain function its
// handler calls; server/plugins/workers.ts registers them all, and routes and the domain only send.
import { cronQueues } from './crons.ts'
import { extractionQueue } from './extraction.ts'
import { importAnalysisQueue } from './import-analysis.ts'
import { importQueue } from './import.ts'
import { mailQueue } from './mail.ts'
import type { JobQueue } from './queue.ts'
import { smsQueue } from './sms.ts'

export const JOB_QUEUES: readonly JobQueue[] = [
  mailQueue,
  smsQueue,
  importAnalysisQueue,
  importQueue,
  extractionQueue,
  ...cronQueues,
]
