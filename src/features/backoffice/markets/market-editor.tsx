// Create or edit a market (issue #12 "Markets"): its name and postal-code prefixes, typed as one text
// ("29, 35 56") and validated with the contract's schema (src/contracts/market-form.ts) as on the
// server. Refusals show next to the field; focus returns to the name after saving.
import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../../api/client.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { marketNameSchema, postalCodePrefixesSchema, splitPrefixes } from '../../../contracts/market-form.ts'
import type { Market } from '../../../contracts/markets.ts'
import { marketForm as t } from '../../../i18n/fr/backoffice-missions.ts'

export type MarketEditorProps = {
  market?: Market
  disabled?: boolean
  onSave: (values: { name: string; postalCodePrefixes: string[] }) => Promise<unknown>
  onCancel?: () => void
}

type Errors = { name?: string; postalCodePrefixes?: string; form?: string }

export function MarketEditor({ market, disabled = false, onSave, onCancel }: MarketEditorProps) {
  const [name, setName] = useState(market?.name ?? '')
  const [prefixes, setPrefixes] = useState(market?.postalCodePrefixes.join(', ') ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const hintId = useId()

  function validate() {
    const parsedName = marketNameSchema.safeParse(name)
    const parsedPrefixes = postalCodePrefixesSchema.safeParse(splitPrefixes(prefixes))
    const found: Errors = {
      name: parsedName.error?.issues[0]?.message,
      postalCodePrefixes: parsedPrefixes.error?.issues[0]?.message,
    }
    return parsedName.success && parsedPrefixes.success
      ? { values: { name: parsedName.data, postalCodePrefixes: parsedPrefixes.data }, errors: {} }
      : { values: null, errors: found }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { values, errors: found } = validate()
    setErrors(found)
    if (values) {
      setBusy(true)
      try {
        await onSave(values)
        if (!market) [setName, setPrefixes].forEach((set) => set(''))
      } catch (error) {
        const fields = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {}
        const prefixError = Object.entries(fields).find(([key]) => key.startsWith('postalCodePrefixes'))?.[1]
        setErrors(
          fields.name || prefixError
            ? { name: fields.name, postalCodePrefixes: prefixError }
            : { form: apiErrorMessage(error, t.failed) },
        )
      }
      setBusy(false)
    }
    nameRef.current?.focus()
  }

  return (
    <form className="market-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <TextField
        ref={nameRef}
        label={t.name}
        name="marketName"
        value={name}
        onChange={setName}
        error={errors.name ?? null}
        required
        disabled={disabled}
        autoComplete="off"
      />
      <div className="text-field">
        <TextField
          label={t.prefixes}
          name="postalCodePrefixes"
          value={prefixes}
          onChange={setPrefixes}
          error={errors.postalCodePrefixes ?? null}
          disabled={disabled}
          autoComplete="off"
        />
        <p id={hintId} className="market-form__hint">
          {t.prefixesHint}
        </p>
      </div>
      {errors.form ? (
        <p role="alert" className="text-field__error">
          {errors.form}
        </p>
      ) : null}
      <div className="market-form__actions">
        <Button type="submit" busy={busy} disabled={disabled}>
          {market ? t.save : t.create}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
