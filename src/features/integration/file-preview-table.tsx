// The first rows of a lead file as the browser read them (issue #13), each column's header with the
// lead field its header suggests (the same suggestion as the server's, src/contracts/import-headers.ts).
import { suggestMapping } from '../../contracts/import-headers.ts'
import { importTargets, mappingStep } from '../../i18n/fr/integration.ts'

export type FilePreviewTableProps = { label: string; headers: string[]; rows: string[][] }

export function FilePreviewTable({ label, headers, rows }: FilePreviewTableProps) {
  const suggestion = suggestMapping(headers)
  return (
    <div className="integration__scroll">
      <table className="integration__table" aria-label={label}>
        <thead>
          <tr>
            {headers.map((header, index) => {
              const target = suggestion[index]?.target ?? 'metadata'
              return (
                <th key={index} scope="col">
                  {header || mappingStep.noHeader(index)}
                  <span className="integration__suggested">{importTargets[target]}</span>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, line) => (
            <tr key={line}>
              {headers.map((_header, index) => (
                <td key={index}>{row[index] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
