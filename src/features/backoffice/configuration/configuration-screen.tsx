// /backoffice/configuration (issue #12 "Configuration"): the settings the product reads from the
// database, each in its own form with its history (docs/domain.md "Configuration"); the SMS guards'
// settings (issue #26) in sms-settings.tsx.
import { useQuery } from '@tanstack/react-query'
import { configurationQueries } from '../../../api/configuration.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import type { ConfigurationEntry, ConfigurationKey } from '../../../contracts/configuration.ts'
import { configurationScreen as t, screenTitles } from '../../../i18n/fr/backoffice-missions.ts'
import { ScheduleFields } from '../schedule-fields.tsx'
import { SettingSection } from './setting-section.tsx'
import { SmsCountriesSection, SmsLimitsSection } from './sms-settings.tsx'
import './configuration.css'

function numberText(value: number): string {
  return Number.isNaN(value) ? '' : String(value)
}

function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text)
}

function entryOf<K extends ConfigurationKey>(items: ConfigurationEntry[], key: K) {
  return items.find((entry) => entry.key === key) as ConfigurationEntry<K> | undefined
}

export function ConfigurationScreen() {
  const entries = useQuery(configurationQueries.entries())
  const items = entries.data?.items ?? []
  const duration = entryOf(items, 'leadProcessingDurationDays')
  const recall = entryOf(items, 'defaultRecallDelayMinutes')
  const releaseCooldown = entryOf(items, 'releaseCooldownHours')
  const schedule = entryOf(items, 'appointmentSchedule')
  const smsLimits = entryOf(items, 'smsLimits')
  const smsCountries = entryOf(items, 'smsCountries')
  const a = t.appointmentSchedule
  return (
    <div className="configuration-screen">
      <ScreenTitle title={screenTitles.backofficeConfiguration} />
      <p>{t.intro}</p>
      {entries.data === undefined ? (
        <p role={entries.isError ? 'alert' : 'status'}>
          {entries.isError ? apiErrorMessage(entries.error, t.loadFailed) : t.loading}
        </p>
      ) : null}
      {duration ? (
        <SettingSection
          entry={duration}
          title={t.leadProcessingDurationDays.title}
          renderFields={({ value, onChange, errors }) => (
            <TextField
              label={t.leadProcessingDurationDays.label}
              name="leadProcessingDurationDays"
              value={numberText(value)}
              onChange={(text) => onChange(numberOf(text))}
              error={errors[''] ?? null}
            />
          )}
        />
      ) : null}
      {schedule ? (
        <SettingSection
          entry={schedule}
          title={a.title}
          renderFields={({ value, onChange, errors }) => (
            <>
              <ScheduleFields
                value={value}
                errors={errors}
                onChange={({ days, periods, holidays }) => onChange({ ...value, days, periods, holidays })}
              />
              <div className="configuration-screen__numbers">
                {(['durationMinutes', 'minimumNoticeMinutes', 'windowDays'] as const).map((field) => (
                  <TextField
                    key={field}
                    label={a[field]}
                    name={field}
                    value={numberText(value[field])}
                    onChange={(text) => onChange({ ...value, [field]: numberOf(text) })}
                    error={errors[field] ?? null}
                  />
                ))}
              </div>
            </>
          )}
        />
      ) : null}
      {recall ? (
        <SettingSection
          entry={recall}
          title={t.defaultRecallDelayMinutes.title}
          renderFields={({ value, onChange, errors }) => (
            <TextField
              label={t.defaultRecallDelayMinutes.label}
              name="defaultRecallDelayMinutes"
              value={numberText(value)}
              onChange={(text) => onChange(numberOf(text))}
              error={errors[''] ?? null}
            />
          )}
        />
      ) : null}
      {releaseCooldown ? (
        <SettingSection
          entry={releaseCooldown}
          title={t.releaseCooldownHours.title}
          renderFields={({ value, onChange, errors }) => (
            <TextField
              label={t.releaseCooldownHours.label}
              name="releaseCooldownHours"
              value={numberText(value)}
              onChange={(text) => onChange(numberOf(text))}
              error={errors[''] ?? null}
            />
          )}
        />
      ) : null}
      {smsLimits ? <SmsLimitsSection entry={smsLimits} /> : null}
      {smsCountries ? <SmsCountriesSection entry={smsCountries} /> : null}
    </div>
  )
}
