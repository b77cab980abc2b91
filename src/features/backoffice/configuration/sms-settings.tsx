// The SMS guards' settings (issue #26, docs/domain.md "SMS", "Guards"): the caps per lead and per
// user, and the countries an SMS may go to — the French territories as checkboxes (France
// métropolitaine and the DOM by default), any other country by its ISO code.
import { useId, useState } from 'react'
import { TextField } from '../../../components/ui/text-field.tsx'
import type { ConfigurationEntry } from '../../../contracts/configuration.ts'
import { countryCodesOf, FRENCH_TERRITORIES } from '../../../contracts/sms-settings.ts'
import { configurationScreen } from '../../../i18n/fr/backoffice-missions.ts'
import { SettingSection, type SettingFieldsProps } from './setting-section.tsx'

const t = configurationScreen

function numberText(value: number): string {
  return Number.isNaN(value) ? '' : String(value)
}

function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text)
}

export function SmsLimitsSection({ entry }: { entry: ConfigurationEntry<'smsLimits'> }) {
  return (
    <SettingSection
      entry={entry}
      title={t.smsLimits.title}
      renderFields={({ value, onChange, errors }) => (
        <>
          <p className="setting-section__help">{t.smsLimits.help}</p>
          <div className="configuration-screen__numbers">
            {(['perLeadPerDay', 'perAgentPerHour'] as const).map((field) => (
              <TextField
                key={field}
                label={t.smsLimits[field]}
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
  )
}

export function SmsCountriesSection({ entry }: { entry: ConfigurationEntry<'smsCountries'> }) {
  return (
    <SettingSection
      entry={entry}
      title={t.smsCountries.title}
      renderFields={({ value, onChange, errors }) => (
        <CountriesFields value={value} onChange={onChange} errors={errors} />
      )}
    />
  )
}

const isTerritory = (code: string) => (FRENCH_TERRITORIES as readonly string[]).includes(code)

function CountriesFields({ value, onChange, errors }: SettingFieldsProps<'smsCountries'>) {
  const errorId = useId()
  // Own text while typing ("B" is not a code yet); the value follows what can be read.
  const [others, setOthers] = useState(value.filter((code) => !isTerritory(code)).join(', '))
  const checked = FRENCH_TERRITORIES.filter((code) => value.includes(code))

  function toggle(code: string, on: boolean) {
    const territories = FRENCH_TERRITORIES.filter((one) => (one === code ? on : checked.includes(one)))
    onChange([...territories, ...value.filter((one) => !isTerritory(one))])
  }

  function handleOthers(text: string) {
    setOthers(text)
    onChange([...checked, ...countryCodesOf(text)])
  }

  return (
    <>
      <p className="setting-section__help">{t.smsCountries.help}</p>
      <fieldset className="sms-countries" aria-describedby={errors[''] ? errorId : undefined}>
        <legend>{t.smsCountries.territories}</legend>
        {FRENCH_TERRITORIES.map((code) => (
          <label key={code} className="sms-countries__choice">
            <input
              type="checkbox"
              checked={checked.includes(code)}
              onChange={(event) => toggle(code, event.target.checked)}
            />
            {t.smsCountries.names[code]}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t.smsCountries.others}
        name="smsOtherCountries"
        value={others}
        onChange={handleOthers}
      />
      {errors[''] ? (
        <p id={errorId} className="text-field__error">
          {errors['']}
        </p>
      ) : null}
    </>
  )
}
