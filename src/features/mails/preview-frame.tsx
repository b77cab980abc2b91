// The mail as recipients see it (issue #31): a sandboxed frame whose document the server serves with its
// own content policy (POST /api/mail-templates/:key/preview-frame), so the mail's inline styles apply —
// a srcdoc frame would inherit the page's policy, which strips them. The frame is a hidden form's
// target; a navigation cannot set the XSRF header, so the form carries the token as `_xsrf`.
import { useEffect, useId, useRef } from 'react'
import { xsrfToken } from '../../api/client.ts'
import type { MailContent, MailTemplateKey } from '../../contracts/mails.ts'

export type PreviewFrameProps = { templateKey: MailTemplateKey; content: MailContent; title: string }

export function PreviewFrame({ templateKey, content, title }: PreviewFrameProps) {
  const name = `mail-preview-${useId().replace(/[^\w-]/g, '')}`
  const form = useRef<HTMLFormElement>(null)
  const token = useRef<HTMLInputElement>(null)

  useEffect(() => {
    let current = true
    void xsrfToken().then((value) => {
      if (!current || !form.current || !token.current) return
      token.current.value = value ?? ''
      form.current.submit()
    })
    return () => {
      current = false
    }
  }, [templateKey, content])

  return (
    <>
      <form
        ref={form}
        method="post"
        action={`/api/mail-templates/${templateKey}/preview-frame`}
        target={name}
        hidden
      >
        <input type="hidden" name="subject" value={content.subject} readOnly />
        <input type="hidden" name="html" value={content.html} readOnly />
        <input type="hidden" name="text" value={content.text} readOnly />
        <input ref={token} type="hidden" name="_xsrf" defaultValue="" />
      </form>
      <iframe name={name} title={title} sandbox="" className="mails__frame" />
    </>
  )
}
