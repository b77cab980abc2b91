// Which columns the file holds, in the file's order, with "Tout" / "Rien" (issue #13).
import { EXTRACTION_COLUMNS, type ExtractionColumn } from '../../contracts/extractions.ts'
import { Button } from '../../components/ui/button.tsx'
import { extractionsScreen as t } from '../../i18n/fr/extractions.ts'
import { CheckboxGroup } from './checkbox-group.tsx'

export type ColumnPickerProps = {
  selected: readonly ExtractionColumn[]
  onChange: (columns: ExtractionColumn[]) => void
}

const CHOICES = EXTRACTION_COLUMNS.map((column) => ({ value: column, label: t.columnNames[column] }))

export function ColumnPicker({ selected, onChange }: ColumnPickerProps) {
  // Kept in the file's order whatever order they were ticked in.
  function handleChange(columns: ExtractionColumn[]) {
    onChange(EXTRACTION_COLUMNS.filter((column) => columns.includes(column)))
  }
  return (
    <div className="extractions__columns">
      <div className="extractions__column-actions">
        <Button variant="secondary" onClick={() => onChange([...EXTRACTION_COLUMNS])}>
          {t.all}
        </Button>
        <Button variant="secondary" onClick={() => onChange([])}>
          {t.none}
        </Button>
      </div>
      <CheckboxGroup
        legend={t.columns}
        choices={CHOICES}
        selected={selected}
        onChange={handleChange}
        emptyText={t.noChoice}
      />
    </div>
  )
}
