// « Abandonner cet import » (issue #31 point 2): an import never started is discarded with its file,
// after a confirmation; the page goes back to a new import.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { importMutations } from '../../api/imports.ts'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { paths } from '../../contracts/app-paths.ts'
import type { ImportDetail } from '../../contracts/imports.ts'
import { integrateScreen as t } from '../../i18n/fr/integration.ts'

export function DiscardImport({ detail }: { detail: ImportDetail }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const discard = useMutation(importMutations.discard(queryClient))
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t.discard}
      </Button>
      <ConfirmDialog
        open={open}
        title={t.discardTitle}
        message={t.discardMessage(detail.fileName)}
        confirmLabel={t.discardConfirm}
        cancelLabel={t.discardCancel}
        busy={discard.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          discard.mutate(
            { id: detail.id },
            {
              onSuccess: () => void navigate(paths.integrationIntegrate(), { replace: true }),
              onSettled: () => setOpen(false),
            },
          )
        }
      />
    </>
  )
}
