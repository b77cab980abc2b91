// Developer tools floating panel (spec §2), collapsible from its toggle button (aria-expanded;
// Escape collapses it). Switching role or user starts a new session: success says
// 'Connecté en tant que <rôle>' then goes to /home; any failure says 'Erreur lors du changement de rôle'.
import { useId, useRef, type KeyboardEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { devMutations, type DevSessionResponse } from '../../api/dev.ts'
import { paths } from '../../contracts/app-paths.ts'
import type { AppEnv } from '../../contracts/roles.ts'
import type { Me } from '../../contracts/user.ts'
import { fr } from '../../i18n/fr.ts'
import { nav } from '../../i18n/fr/nav.ts'
import { notify } from '../../stores/notifications.ts'
import { ConnectAsForm } from './connect-as-form.tsx'
import { collapseDevTools, devToolsStore, toggleDevTools } from './dev-tools-store.ts'
import { RoleSwitchForm } from './role-switch-form.tsx'
import { Softphone } from './softphone.tsx'
import './dev-tools.css'
import { personName } from '../../contracts/person-name.ts'

const t = fr.devtools

const devPages = [
  { to: paths.devCallCenterActivity(), label: nav.routes.devCallCenterActivity },
  { to: paths.devMonitor(), label: nav.routes.devMonitor },
  { to: paths.devUatSettings(), label: nav.routes.devUatSettings },
] as const

export type DevToolsPanelProps = {
  me: Me
  appEnv: AppEnv
}

export function DevToolsPanel({ me, appEnv }: DevToolsPanelProps) {
  const { expanded } = useSnapshot(devToolsStore)
  const contentId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const switchRole = useMutation(devMutations.switchRole(queryClient))
  const connectAs = useMutation(devMutations.connectAs(queryClient))
  const busy = switchRole.isPending || connectAs.isPending

  const callbacks = {
    onSuccess: (data: DevSessionResponse) => {
      notify({ kind: 'success', message: t.connectedAs(fr.roles[data.user.role]) })
      navigate(paths.home())
    },
    onError: () => notify({ kind: 'error', message: t.switchFailed }),
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !expanded) return
    collapseDevTools()
    toggleRef.current?.focus()
  }

  return (
    <aside className="dev-tools" aria-label={t.title} onKeyDown={handleKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="dev-tools__toggle"
        aria-expanded={expanded}
        aria-controls={contentId}
        onClick={toggleDevTools}
      >
        {t.title}
      </button>
      <div id={contentId} className="dev-tools__content" hidden={!expanded}>
        {expanded ? (
          <>
            <p className="dev-tools__meta">{t.environment(appEnv)}</p>
            <p className="dev-tools__meta">{t.currentUser(personName(me), fr.roles[me.role])}</p>
            <RoleSwitchForm
              key={`role-${me.id}-${me.role}`}
              currentRole={me.role}
              busy={busy}
              onSwitch={(role) => switchRole.mutate(role, callbacks)}
            />
            <ConnectAsForm
              key={`user-${me.id}-${me.role}`}
              currentRole={me.role}
              busy={busy}
              onConnect={(userEmail) => connectAs.mutate({ userEmail }, callbacks)}
            />
            {me.isCallCapable ? <Softphone userId={me.id} /> : null}
            <h2 className="dev-tools__heading">{t.pages}</h2>
            <ul className="dev-tools__links">
              {devPages.map((page) => (
                <li key={page.to}>
                  <Link to={page.to}>{page.label}</Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </aside>
  )
}
