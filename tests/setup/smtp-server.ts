// A real local SMTP server for tests (issue #15 "E-mails": tested against an SMTP server, no network):
// `smtp-server` on a free port of 127.0.0.1, every message parsed by `mailparser`. Recipients whose
// address starts with `reject` are refused with a permanent 550, to test failures; those starting with
// `stall` get no answer at all (until the server closes), to test the mailer's timeouts.
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string; subject: string; text: string; html: string }

export type TestSmtpServer = {
  /** For SMTP_URL. */
  url: string
  received: ReceivedMail[]
  close: () => Promise<void>
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const stalled: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('stall')) {
        stalled.push(() => callback(new Error('Closing')))
        return
      }
      if (address.address.startsWith('reject')) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number }
        error.responseCode = 550
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo)
            received.push({
              to: rcpt.address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => {
      for (const answer of stalled.splice(0)) answer()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
