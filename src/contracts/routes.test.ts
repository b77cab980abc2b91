import { describe, expect, it } from 'vitest'
import { matchRoute } from './app-paths.ts'
import { routeModule } from './route-modules.ts'
import { ROUTE_IDS, routeOf } from './routes.ts'

describe('the route table', () => {
  it('gives every route its own path and module', () => {
    const paths = ROUTE_IDS.map((id) => routeOf(id).path)
    const modules = ROUTE_IDS.map((id) => routeModule(id))
    expect(new Set(paths).size).toBe(paths.length)
    expect(new Set(modules).size).toBe(modules.length)
  })

  it('links the navigation only to pages without parameters, behind an access rule', () => {
    for (const id of ROUTE_IDS) {
      const { path, nav, access } = routeOf(id)
      if (!nav) continue
      expect(path, id).not.toContain(':')
      expect(access, id).toBeDefined()
    }
  })
})

describe('matchRoute', () => {
  it('finds the route of a path, `:param` standing for one non-empty segment', () => {
    expect(matchRoute('/home')).toBe('home')
    expect(matchRoute('/lead/abc')).toBe('lead')
    expect(matchRoute('/lead/abc/appointment')).toBe('leadAppointment')
    expect(matchRoute('/backoffice/call-process')).toBe('backofficeCallProcesses')
    expect(matchRoute('/backoffice/call-process/12')).toBe('backofficeCallProcess')
  })

  it('finds nothing for an unknown path, an empty segment or an extra one', () => {
    expect(matchRoute('/')).toBeNull()
    expect(matchRoute('/lead/')).toBeNull()
    expect(matchRoute('/lead//appointment')).toBeNull()
    expect(matchRoute('/home/x')).toBeNull()
    expect(matchRoute('/nowhere')).toBeNull()
  })
})
