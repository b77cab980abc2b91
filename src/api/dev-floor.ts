// The simulated floor and the UAT tools (issue #15 "Developer pages"; the server has the endpoints
// outside production only).
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  FloorActionBody,
  FloorState,
  SimulatorSettings,
  UatResetResponse,
  UatSettings,
} from '../contracts/dev-floor.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'

/** The floor page asks again this often: what each virtual agent does changes every few seconds. */
export const FLOOR_POLL_MS = 2_000

export const devFloorQueries = {
  all: () => ['dev-floor'] as const,
  floor: () =>
    queryOptions({
      queryKey: [...devFloorQueries.all(), 'floor'] as const,
      queryFn: ({ signal }) => apiRequest<FloorState>('/api/dev/call-center-activity', { signal }),
      refetchInterval: FLOOR_POLL_MS,
      staleTime: 0,
    }),
  uat: () =>
    queryOptions({
      queryKey: [...devFloorQueries.all(), 'uat'] as const,
      queryFn: ({ signal }) => apiRequest<UatSettings>('/api/dev/uat-settings', { signal }),
    }),
}

export const devFloorMutations = {
  action: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...devFloorQueries.all(), 'action'] as const,
      mutationFn: (body: FloorActionBody) =>
        apiRequest<FloorState>('/api/dev/call-center-activity', { method: 'POST', body }),
      onSuccess: (state) => queryClient.setQueryData(devFloorQueries.floor().queryKey, state),
      onSettled: () => queryClient.invalidateQueries({ queryKey: devFloorQueries.all() }),
      meta: notifyRefusal,
    }),
  simulator: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...devFloorQueries.all(), 'simulator'] as const,
      mutationFn: (body: SimulatorSettings) =>
        apiRequest<SimulatorSettings>('/api/dev/uat-settings/simulator', { method: 'PUT', body }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: devFloorQueries.uat().queryKey }),
      meta: notifyRefusal,
    }),
  /** Every other screen's data is dropped by the live `demoData` signal (src/live/live-events.ts). */
  reset: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...devFloorQueries.all(), 'reset'] as const,
      mutationFn: () =>
        apiRequest<UatResetResponse>('/api/dev/uat/reset-calls-and-leads', { method: 'POST' }),
      onSettled: () => queryClient.invalidateQueries(),
      meta: notifyRefusal,
    }),
}
