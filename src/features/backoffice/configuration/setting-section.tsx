// One setting of the configuration (issue #12 "Configuration"): its form validated with the key's
// schema (src/contracts/configuration.ts) as on the server, its save with the version it was read
// at, and its history. After a stale version the form shows the value as it now is (remounted on
// the new version) and the server's French reason stays above it.
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../api/client.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { configurationMutations } from '../../../api/configuration.ts'
import { Button } from '../../../components/ui/button.tsx'
import {
  CONFIGURATION_KEY_IDS,
  configurationSchemas,
  type ConfigurationEntry,
  type ConfigurationKey,
  type ConfigurationValues,
} from '../../../contracts/configuration.ts'
import { configurationScreen as t } from '../../../i18n/fr/backoffice-missions.ts'
import { formatDateTime } from '../../../i18n/format.ts'
import { notify } from '../../../stores/notifications.ts'
import { AuditHistory } from '../audit-history.tsx'

export type SettingFieldsProps<K extends ConfigurationKey> = {
  value: ConfigurationValues[K]
  onChange: (value: ConfigurationValues[K]) => void
  /** Messages by path inside the value ("" for the value itself, "periods.0"…). */
  errors: Record<string, string | undefined>
}

export type SettingSectionProps<K extends ConfigurationKey> = {
  entry: ConfigurationEntry<K>
  title: string
  renderFields: (props: SettingFieldsProps<K>) => ReactNode
}

export function SettingSection<K extends ConfigurationKey>({
  entry,
  title,
  renderFields,
}: SettingSectionProps<K>) {
  const [refusal, setRefusal] = useState<string | null>(null)
  const headingId = `setting-${entry.key}`
  return (
    <section className="setting-section" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {title}
      </h2>
      <p className="setting-section__meta">
        {entry.updatedAt ? formatDateTime(entry.updatedAt) : t.neverChanged}
      </p>
      {refusal ? (
        <p role="alert" className="mission-form__refusal">
          {refusal}
        </p>
      ) : null}
      <SettingForm key={entry.version} entry={entry} renderFields={renderFields} onRefusal={setRefusal} />
      <AuditHistory entity="configuration" entityId={CONFIGURATION_KEY_IDS[entry.key]} />
    </section>
  )
}

function SettingForm<K extends ConfigurationKey>({
  entry,
  renderFields,
  onRefusal,
}: Pick<SettingSectionProps<K>, 'entry' | 'renderFields'> & { onRefusal: (message: string | null) => void }) {
  const queryClient = useQueryClient()
  const change = useMutation(configurationMutations.change(queryClient))
  const [value, setValue] = useState(entry.value)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onRefusal(null)
    const parsed = configurationSchemas[entry.key].safeParse(value)
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]),
        ),
      )
      return
    }
    setErrors({})
    try {
      await change.mutateAsync({ key: entry.key, value: parsed.data, version: entry.version })
      notify({ kind: 'success', message: t.saved })
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {}
      const mine = Object.entries(fields).map(([path, message]) => [path.replace(/^value\.?/, ''), message])
      if (mine.length > 0) setErrors(Object.fromEntries(mine))
      else onRefusal(apiErrorMessage(error, t.failed))
    }
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus()
  }

  return (
    <form
      ref={formRef}
      className="setting-section__form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
    >
      {renderFields({ value, onChange: setValue, errors })}
      <Button type="submit" busy={change.isPending}>
        {t.save}
      </Button>
    </form>
  )
}
