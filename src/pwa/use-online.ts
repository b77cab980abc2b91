// Whether the server can be reached now (issue #5), for the actions that must not be deferred
// (call, answer, tag, find or pick a lead, book an appointment): they are disabled offline, with
// `useOfflineReason()` as the reason the button gives ('Indisponible hors ligne').
import { useSnapshot } from 'valtio'
import { offline } from '../i18n/fr/pwa.ts'
import { connectivityStore, isOnline } from '../stores/connectivity.ts'

export function useOnline(): boolean {
  return isOnline(useSnapshot(connectivityStore))
}

/** The reason an immediate action is unavailable, or undefined when the server can be reached. */
export function useOfflineReason(): string | undefined {
  return useOnline() ? undefined : offline.unavailable
}
