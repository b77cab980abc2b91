// The pages of a list (issue #12; the back office, the integration history): the total, previous /
// next, "Page n sur m". The screen keeps the page in its URL-held view; its own strings and class
// name (layout) are passed in.
import { Button } from './button.tsx'

export type ListPagerStrings = {
  previous: string
  next: string
  page: (page: number, pages: number) => string
}

export type ListPagerProps = {
  className: string
  label: string
  totalText: string
  page: number
  pages: number
  strings: ListPagerStrings
  onPage: (page: number) => void
}

export function ListPager({ className, label, totalText, page, pages, strings, onPage }: ListPagerProps) {
  return (
    <nav className={className} aria-label={label}>
      <span>{totalText}</span>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {strings.previous}
      </Button>
      <span>{strings.page(Math.min(page, pages), pages)}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {strings.next}
      </Button>
    </nav>
  )
}
