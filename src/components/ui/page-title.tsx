// Page heading; also sets the document title (React 19 hoists <title> into <head>). ScreenTitle makes
// both from a screen's title (the `screenTitles` of src/i18n/fr/, keyed by route id): the one place
// the browser tab's text is made (issue #28), "Tags – Centre d’appels", or "Jeanne Dupont – Fiche
// lead" where the screen's own data names what it shows.
import { useEffect } from 'react'
import { app } from '../../i18n/fr/common.ts'
import './page-title.css'

export type PageTitleProps = {
  title: string
  /** Text of the browser tab, e.g. "Accueil – Centre d’appels"; defaults to the title. */
  documentTitle?: string
}

export function PageTitle({ title, documentTitle }: PageTitleProps) {
  // Issue #31: one <title> per page — index.html's, there for the first paint, goes once a screen's is.
  useEffect(() => {
    for (const old of document.head.querySelectorAll('title[data-static]')) old.remove()
  }, [])
  return (
    <>
      <title>{documentTitle ?? title}</title>
      <h1 className="page-title">{title}</h1>
    </>
  )
}

/** The browser tab's text: what the page shows, then where it is (the app, or the screen's title). */
export function documentTitle(heading: string, place: string = app.name): string {
  return `${heading} – ${place}`
}

export type ScreenTitleProps = {
  /** The route's title (`screenTitles` in src/i18n/fr/). */
  title: string
  /** A heading of the screen's own (a mission's name, a refusal); defaults to the route's title. */
  heading?: string
  /** What the screen shows, named before the route's title in the tab (a lead's name). */
  subject?: string
}

export function ScreenTitle({ title, heading, subject }: ScreenTitleProps) {
  const shown = heading ?? subject ?? title
  return (
    <PageTitle
      title={shown}
      documentTitle={subject === undefined ? documentTitle(shown) : documentTitle(subject, title)}
    />
  )
}
