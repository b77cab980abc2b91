// Issue #27 point 4: what turns a page's server-rendered markup into the copy the server paints before
// the JavaScript runs (read by server/lib/shell.ts, written by src/app/first-paint/first-paint.test.tsx).
// Shared with the server: no React, no DOM.

/** The painted copy of each page that has one, relative to the repository's root. */
export const FIRST_PAINT_FILES = { login: 'src/app/first-paint/login.html' } as const

export type FirstPaintPage = keyof typeof FIRST_PAINT_FILES

/**
 * The form becomes an inert <div> marked with its page, its submit button off; the title (in <head> already) and the
 * resource hints React hoists (the page's own tags load them) go.
 */
export function firstPaintOf(markup: string, page: FirstPaintPage): string {
  return (
    markup
      .replace(/^(?:<link [^>]*>)+/, '')
      .replace(/<title>.*?<\/title>/g, '')
      .replace(/<form class="([^"]*)">/, `<div class="$1" data-first-paint="${page}">`)
      .replace('</form>', '</div>')
      // Off until the page's script can keep a press of it (src/features/auth/first-paint-input.ts).
      .replace(/<button type="submit"/g, '<button type="submit" disabled=""')
  )
}
