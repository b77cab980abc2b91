// /extractions (issue #13, docs/domain.md "Extractions"): filters with a live count (500 ms after the
// last change, spec §9), the columns and the format, "Extraire", and the history below. A small CSV
// downloads at once; a larger one, and any XLSX, is prepared in the background and shows its progress
// in the history, where its file stays downloadable 24 hours.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { apiErrorMessage } from '../../api/error-message.ts'
import {
  EXTRACTION_HISTORY_PAGE_SIZE,
  extractionQueries,
  extractionStarted,
  saveFile,
  startExtraction,
  type ExtractionStart,
} from '../../api/extractions.ts'
import {
  EXTRACTION_FORMATS,
  type ExtractionColumn,
  type ExtractionFormat,
} from '../../contracts/extractions.ts'
import { Button } from '../../components/ui/button.tsx'
import { ListPager } from '../../components/ui/list-pager.tsx'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { extractionsScreen as t, screenTitles } from '../../i18n/fr/extractions.ts'
import { ColumnPicker } from './column-picker.tsx'
import { DEFAULT_COLUMNS, EMPTY_DRAFT, filtersOf, type FiltersDraft } from './extraction-draft.ts'
import { ExtractionFilters } from './extraction-filters.tsx'
import { ExtractionHistory } from './extraction-history.tsx'
import { useSettledValue } from '../../components/ui/use-settled-value.ts'
import './extractions.css'

function LiveCount({ draft }: { draft: FiltersDraft }) {
  // The draft changes identity only when the user changes it: what is debounced.
  const settled = useSettledValue(draft, COUNT_DELAY_MS)
  const filters = filtersOf(settled)
  const count = useQuery(extractionQueries.count(filters))
  const text = count.isError
    ? apiErrorMessage(count.error, t.countFailed)
    : count.data
      ? t.count(count.data.count)
      : t.counting
  return (
    <p className="extractions__count" role="status" aria-live="polite">
      {text}
    </p>
  )
}

/** `?page=n` of the history, 1 when absent or not a page number. */
export function historyPageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 ? page : 1
}

function outcomeText(result: ExtractionStart): string {
  return result.kind === 'queued' ? t.queued : t.downloaded(null)
}

/** The live count asks the server 500 ms after the last filter change (spec §9). */
const COUNT_DELAY_MS = 500

export function ExtractionsScreen() {
  const queryClient = useQueryClient()
  const options = useQuery(extractionQueries.options())
  // The history's page is shareable view state: it lives in the URL (conventions §3.3).
  const [params, setParams] = useSearchParams()
  const page = historyPageOf(params)
  const history = useQuery(extractionQueries.history(page))
  const [draft, setDraft] = useState<FiltersDraft>(EMPTY_DRAFT)
  const [columns, setColumns] = useState<ExtractionColumn[]>(DEFAULT_COLUMNS)
  const [format, setFormat] = useState<ExtractionFormat>('csv')
  const extraction = useMutation({
    mutationFn: () => startExtraction({ filters: filtersOf(draft), columns, format }),
    onSuccess: (result) => {
      if (result.kind === 'downloaded') saveFile(result.blob, result.fileName)
      return extractionStarted(queryClient)
    },
  })

  return (
    <div className="extractions">
      <ScreenTitle title={screenTitles.extractions} />
      <p>{t.intro}</p>
      <section className="extractions__panel" aria-label={t.filters}>
        <h2>{t.filters}</h2>
        {options.data ? <ExtractionFilters options={options.data} draft={draft} onChange={setDraft} /> : null}
        <div className="extractions__bar">
          <LiveCount draft={draft} />
          <Button variant="secondary" onClick={() => setDraft(EMPTY_DRAFT)}>
            {t.reset}
          </Button>
        </div>
      </section>
      <section className="extractions__panel" aria-label={t.columns}>
        <ColumnPicker selected={columns} onChange={setColumns} />
        <fieldset className="extractions__group">
          <legend>{t.format}</legend>
          <div className="extractions__choices">
            {EXTRACTION_FORMATS.map((value) => (
              <label key={value} className="extractions__choice">
                <input
                  type="radio"
                  name="format"
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />
                {t.formats[value]}
              </label>
            ))}
          </div>
        </fieldset>
        {options.data ? (
          <p className="extractions__hint">{t.background(options.data.streamMaxRows)}</p>
        ) : null}
        <Button
          busy={extraction.isPending}
          disabled={columns.length === 0}
          onClick={() => extraction.mutate()}
        >
          {extraction.isPending ? t.extracting : t.extract}
        </Button>
        <p role="status" className="extractions__outcome">
          {extraction.isError
            ? apiErrorMessage(extraction.error, t.failed)
            : extraction.data
              ? outcomeText(extraction.data)
              : null}
        </p>
      </section>
      <section className="extractions__panel" aria-label={t.history}>
        <h2>{t.history}</h2>
        {history.data ? (
          <>
            <ExtractionHistory items={history.data.items} />
            {history.data.total > EXTRACTION_HISTORY_PAGE_SIZE ? (
              <ListPager
                className="extractions__pages"
                label={t.pagesLabel}
                totalText={t.total(history.data.total)}
                page={page}
                pages={Math.ceil(history.data.total / EXTRACTION_HISTORY_PAGE_SIZE)}
                strings={t}
                onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
              />
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  )
}
