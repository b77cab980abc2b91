// Rendering of a template (docs/decisions.md "E-mail layout"): the administrator's HTML content goes
// into the product's MJML layout, compiled once per content and cached (a send then costs a string
// replacement); the values are substituted afterwards, HTML-escaped in the HTML version. The
// placeholders were checked on save, so only whitelisted names remain in the content.
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import {
  checkPlaceholders,
  fillPlaceholders,
  placeholderMessages,
} from '../../../src/contracts/mail-placeholders.ts'
import {
  MAIL_REQUIRED_PARTS,
  MAIL_REQUIRED_VARIABLES,
  MAIL_VARIABLES,
  type MailContent,
  type MailTemplateKey,
} from '../../../src/contracts/mails.ts'
import { errors } from '../../lib/http-error.ts'

const layouts = new LRUCache<string, string>({ max: 64 })

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function layoutSource(content: string): string {
  return `<mjml>
  <mj-head>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column>
        <mj-text>${content}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`
}

// The compiled layout holds CSS, whose braces are not placeholders: each `{name}` of the content
// becomes an ASCII marker before compiling, and only markers are substituted afterwards.
const MARKER = /@@mailvar:([\w%.~-]+)@@/g

function toMarkers(content: string): string {
  return fillPlaceholders(content, (name) => `@@mailvar:${encodeURIComponent(name)}@@`)
}

/** The layout around `content`, with markers where its placeholders are; compiled once per content. */
export async function layoutHtml(content: string): Promise<string> {
  const key = createHash('sha256').update(content).digest('base64url')
  const cached = layouts.get(key)
  if (cached !== undefined) return cached
  const source = layoutSource(toMarkers(content))
  // Loaded on the first mail, not with the server: MJML takes most of a second to import, which every
  // process start (and every server test file) would otherwise pay.
  const { default: mjml2html } = await import('mjml')
  const { html } = await mjml2html(source, { validationLevel: 'soft', keepComments: false })
  layouts.set(key, html)
  return html
}

/** Refuses (400, in French, by field) a content whose placeholders are not the template's own. */
export function assertPlaceholders(key: MailTemplateKey, content: MailContent): void {
  const allowed = MAIL_VARIABLES[key]
  for (const field of ['subject', 'html', 'text'] as const) {
    const checked = checkPlaceholders(content[field], allowed)
    if (!checked.ok) throw errors.invalid(checked.message, { [field]: checked.message })
  }
}

/**
 * Refuses (400, in French, by field) a template to be saved without a variable it needs in its HTML
 * and text parts (`MAIL_REQUIRED_VARIABLES`: the password link). Not for the preview or the test
 * send: a draft may lack it while it is being written.
 */
export function assertRequiredPlaceholders(key: MailTemplateKey, content: MailContent): void {
  const fields: Record<string, string> = {}
  for (const name of MAIL_REQUIRED_VARIABLES[key])
    for (const field of MAIL_REQUIRED_PARTS) {
      const checked = checkPlaceholders(content[field], MAIL_VARIABLES[key])
      if (!checked.ok || !checked.names.includes(name)) fields[field] = placeholderMessages.missingLink
    }
  const [first] = Object.values(fields)
  if (first) throw errors.invalid(first, fields)
}

export type RenderedMail = { subject: string; text: string; html: string }

/** The mail with `values` substituted (an absent value reads as empty). */
export async function renderMail(
  content: MailContent,
  values: Record<string, string>,
): Promise<RenderedMail> {
  const valueOf = (name: string) => values[name] ?? ''
  return {
    subject: fillPlaceholders(content.subject, valueOf).replace(/[\r\n]+/g, ' '),
    text: fillPlaceholders(content.text, valueOf),
    html: (await layoutHtml(content.html)).replace(MARKER, (_marker, name: string) =>
      escapeHtml(valueOf(decodeURIComponent(name))),
    ),
  }
}
