// Layout of the public pages (/login, /forgot-password, /reset-password, /404): the app's name
// and one centred panel. Kept light: the first visit to /login loads only this and the form.
import { Outlet } from 'react-router-dom'
import { app } from '../../i18n/fr/common.ts'
import './public-layout.css'

export function PublicLayout() {
  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <img className="public-layout__logo" src="/icons/logo.svg" alt="" width={40} height={40} />
        <span className="public-layout__name">{app.name}</span>
      </header>
      <main id="main-content" className="public-layout__panel">
        <Outlet />
      </main>
    </div>
  )
}
