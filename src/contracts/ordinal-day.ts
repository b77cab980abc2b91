// « 1er décembre »: the first of the month is an ordinal in French (issue #31). Kept apart from
// paris-calendar.ts so a screen that only formats days does not load the calendar.

/** A date formatted by `format`, its day `1` written `1er`. */
export function withOrdinalFirst(format: Intl.DateTimeFormat, at: Date): string {
  return format
    .formatToParts(at)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('')
}
