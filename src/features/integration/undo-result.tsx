// After an undo (issue #13 "undo a finished import"): how many leads went, and the ones kept because
// someone had already worked them, each a link to its sheet.
import { Link } from 'react-router-dom'
import { Button } from '../../components/ui/button.tsx'
import { Modal } from '../../components/ui/modal.tsx'
import { paths } from '../../contracts/app-paths.ts'
import type { ImportDetail } from '../../contracts/imports.ts'
import { undoDialog as t } from '../../i18n/fr/integration-history.ts'

export type UndoResultProps = { detail: ImportDetail | null; onClose: () => void }

export function UndoResult({ detail, onClose }: UndoResultProps) {
  return (
    <Modal open={detail !== null} onClose={onClose} title={t.doneTitle} closeLabel={t.close}>
      {detail === null ? null : (
        <>
          <p role="status">
            {t.done(detail.undoDeletedCount ?? 0, detail.undoKeptCount ?? detail.keptLeads.length)}
          </p>
          {detail.keptLeads.length === 0 ? null : (
            <>
              <h3>{t.keptHeading}</h3>
              <ul>
                {detail.keptLeads.map((lead) => (
                  <li key={lead.id}>
                    <Link to={paths.lead(lead.uuid)} aria-label={t.openLead(lead.name)}>
                      {lead.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="integration__actions">
            <Button onClick={onClose}>{t.close}</Button>
          </div>
        </>
      )}
    </Modal>
  )
}
