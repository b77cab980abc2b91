// Configuration resource (issue #12 "Configuration"): every setting with its version, and the change
// of one key (answered with the key as it now is). A stale version refetches the settings.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import {
  CONFIGURATION_KEY_IDS,
  type ConfigurationEntry,
  type ConfigurationKey,
  type ConfigurationValues,
} from '../contracts/configuration.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'

export type ConfigurationChange<K extends ConfigurationKey> = {
  key: K
  value: ConfigurationValues[K]
  version: number
}

export const configurationQueries = {
  all: () => ['configuration'] as const,
  entries: () =>
    queryOptions({
      queryKey: [...configurationQueries.all(), 'entries'] as const,
      queryFn: ({ signal }) => apiRequest<{ items: ConfigurationEntry[] }>('/api/configuration', { signal }),
    }),
}

export const configurationMutations = {
  /** The form shows refusals next to the fields (not notified). */
  change: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...configurationQueries.all(), 'change'] as const,
      mutationFn: ({ key, value, version }: ConfigurationChange<ConfigurationKey>) =>
        apiRequest<ConfigurationEntry>(`/api/configuration/${key}`, {
          method: 'PUT',
          body: { value, version },
        }),
      // The saved entry at once: its form remounts on the new version as the save ends, not when
      // the refetch below lands (after the history's, a value typed meanwhile was thrown away).
      onSuccess: (saved) =>
        queryClient.setQueryData(configurationQueries.entries().queryKey, (current) =>
          current
            ? { items: current.items.map((entry) => (entry.key === saved.key ? saved : entry)) }
            : current,
        ),
      onSettled: (_data, _error, { key }: ConfigurationChange<ConfigurationKey>) => {
        void queryClient.invalidateQueries({ queryKey: configurationQueries.all() })
        void queryClient.invalidateQueries({
          queryKey: auditQueries.entity('configuration', CONFIGURATION_KEY_IDS[key]),
        })
      },
    }),
}
