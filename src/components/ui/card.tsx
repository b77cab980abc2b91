// Card (spec §2): a titled section with an optional icon and a loading overlay over its content.
import { useId, type ReactNode } from 'react'
import { ui } from '../../i18n/fr/common.ts'
import './card.css'

export type CardProps = {
  title: ReactNode
  icon?: ReactNode
  children: ReactNode
  loading?: boolean
  /** Accessible text of the loading overlay; defaults to « Chargement… ». */
  loadingLabel?: string
}

export function Card({ title, icon, children, loading = false, loadingLabel = ui.loading }: CardProps) {
  const titleId = useId()
  return (
    <section className="card" aria-labelledby={titleId} aria-busy={loading}>
      <header className="card__header">
        {icon ? (
          <span className="card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
      </header>
      <div className="card__body">{children}</div>
      {loading ? (
        <div className="card__loading" role="status">
          <span className="card__spinner" aria-hidden="true" />
          <span className="card__loading-label">{loadingLabel}</span>
        </div>
      ) : null}
    </section>
  )
}
