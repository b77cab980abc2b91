// The template editor's preview frame (issue #31, docs/domain.md "E-mails"): the mail's HTML as a
// document of its own, served with MAIL_FRAME_CSP instead of the page's policy so its inline styles
// apply. The frame is a form's target, so the XSRF token comes in the body (`_xsrf`), checked here.
import type { MailContent, MailTemplateKey } from '../../../src/contracts/mails.ts'
import { HttpError } from '../../lib/http-error.ts'
import { MAIL_CATALOGUE } from './catalogue.ts'
import { assertPlaceholders, renderMail } from './render.ts'

/** The mail's inline styles and images, nothing else: no script, sandboxed, framed by this origin only. */
export const MAIL_FRAME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'; form-action 'none'; sandbox"

export async function previewFrameHtml(
  key: MailTemplateKey,
  content: MailContent,
  tokenMatches: boolean,
): Promise<string> {
  if (!tokenMatches)
    throw new HttpError(403, 'CSRF', 'Jeton de sécurité (CSRF) absent ou invalide. Rechargez la page.')
  assertPlaceholders(key, content)
  return (await renderMail(content, MAIL_CATALOGUE[key].sample)).html
}
