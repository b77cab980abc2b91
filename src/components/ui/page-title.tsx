// Page heading; also sets the document title (React 19 hoists <title> into <head>).
import './page-title.css'

export type PageTitleProps = {
  title: string
  /** Text of the browser tab, e.g. "Accueil – Centre d’appels"; defaults to the title. */
  documentTitle?: string
}

export function PageTitle({ title, documentTitle }: PageTitleProps) {
  return (
    <>
      <title>{documentTitle ?? title}</title>
      <h1 className="page-title">{title}</h1>
    </>
  )
}
