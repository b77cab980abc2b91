// Lead search on the home page (spec "Screens", §9: 500 ms debounce). Disabled during a call,
// with the reason, since the server refuses it then (docs/domain.md "Leads", Search).
import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { leadQueries } from '../../api/leads.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { fr } from '../../i18n/fr.ts'
import { LeadSearchResults } from './lead-search-results.tsx'
import { useSettledValue } from '../../components/ui/use-settled-value.ts'

/** Spec §9: search input debounce. */
export const SEARCH_DEBOUNCE_MS = 500

export type LeadSearchProps = {
  /** True while the user has an ongoing call. */
  duringCall: boolean
}

const t = fr.leads.home

export function LeadSearch({ duringCall }: LeadSearchProps) {
  const [input, setInput] = useState('')
  const search = useSettledValue(input.trim(), SEARCH_DEBOUNCE_MS)
  const { data, error, isFetching } = useQuery({
    ...leadQueries.search({ search }),
    enabled: search !== '' && !duringCall,
    placeholderData: keepPreviousData,
  })

  return (
    <section className="lead-search">
      <TextField
        label={t.searchLabel}
        name="search"
        type="search"
        value={input}
        onChange={setInput}
        disabled={duringCall}
        autoComplete="off"
      />
      <p className="lead-search__hint">{duringCall ? t.searchDuringCall : t.searchHint}</p>
      {isFetching ? <p role="status">{t.searching}</p> : null}
      {error && !duringCall ? <p role="alert">{error.message}</p> : null}
      {data && search !== '' && !duringCall ? <LeadSearchResults result={data} /> : null}
    </section>
  )
}
