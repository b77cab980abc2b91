// A group of checkboxes in a fieldset (tablet friendly: whole rows are touch targets).
export type Choice<T> = { value: T; label: string }

export type CheckboxGroupProps<T> = {
  legend: string
  choices: readonly Choice<T>[]
  selected: readonly T[]
  onChange: (selected: T[]) => void
  emptyText: string
}

export function CheckboxGroup<T extends string | number>({
  legend,
  choices,
  selected,
  onChange,
  emptyText,
}: CheckboxGroupProps<T>) {
  function handleToggle(value: T, checked: boolean) {
    onChange(checked ? [...selected, value] : selected.filter((item) => item !== value))
  }
  return (
    <fieldset className="extractions__group">
      <legend>{legend}</legend>
      {choices.length === 0 ? <p className="extractions__empty">{emptyText}</p> : null}
      <div className="extractions__choices">
        {choices.map((choice) => (
          <label key={choice.value} className="extractions__choice">
            <input
              type="checkbox"
              checked={selected.includes(choice.value)}
              onChange={(event) => handleToggle(choice.value, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
