// fr-FR display of dates and phone numbers (conventions §2: i18n/format.ts).
// Dates read as the French write them, in Paris time whatever the device's zone: `1er décembre 2026`,
// `mardi 1er décembre 2026` where the weekday is shown (lower case), times `14:30` (24 h, everywhere).

const TIME_ZONE = 'Europe/Paris'

const dayPartsFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
})
const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
})

type DayParts = { weekday: string; day: string; month: string; year: string }

function dayParts(date: Date): DayParts {
  const parts: Record<string, string> = {}
  for (const part of dayPartsFormat.formatToParts(date)) parts[part.type] = part.value
  const day = parts.day ?? ''
  return {
    weekday: (parts.weekday ?? '').toLocaleLowerCase('fr-FR'),
    // The first of the month is an ordinal in French: `1er`, then `2`, `3`…
    day: day === '1' ? '1er' : day,
    month: (parts.month ?? '').toLocaleLowerCase('fr-FR'),
    year: parts.year ?? '',
  }
}

type DayOptions = { weekday?: boolean; year?: boolean }

function formatDay(date: Date, { weekday = false, year = true }: DayOptions = {}): string {
  const parts = dayParts(date)
  return [weekday ? parts.weekday : null, parts.day, parts.month, year ? parts.year : null]
    .filter(Boolean)
    .join(' ')
}

/** `1er décembre 2026` (the Paris calendar day). */
export function formatDate(iso: string): string {
  return formatDay(new Date(iso))
}

/** `mardi 1er décembre 2026` (the Paris calendar day). */
export function formatLongDate(iso: string): string {
  return formatDay(new Date(iso), { weekday: true })
}

/** The Paris time of an instant: `14:30`, `00:00` at midnight. */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}

/** `1er décembre 2026 à 14:30` (Paris time). */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} à ${formatTime(iso)}`
}

/** `mardi 1er décembre 2026 à 14:30` (Paris time). */
export function formatLongDateTime(iso: string): string {
  return `${formatLongDate(iso)} à ${formatTime(iso)}`
}

// Appointment agendas are kept in Paris time (docs/domain.md "Appointments"), whatever the device's zone;
// their days are near, so they go without the year.

/** A day of an agenda, `2026-11-23` → `lundi 23 novembre` (the Paris calendar day). */
export function formatAgendaDay(date: string): string {
  return formatDay(new Date(`${date}T12:00:00Z`), { weekday: true, year: false })
}

/** The Paris time of an agenda instant: `10:00`. */
export function formatAgendaTime(iso: string): string {
  return formatTime(iso)
}

/** An agenda instant in full: `lundi 23 novembre à 10:00` (Paris time). */
export function formatAgendaSlot(iso: string): string {
  return `${formatDay(new Date(iso), { weekday: true, year: false })} à ${formatTime(iso)}`
}

/** A French E.164 number as the French write it (`+33612345678` → `06 12 34 56 78`); others as is. */
export function formatPhone(phone: string): string {
  const match = /^\+33(\d{9})$/.exec(phone.replace(/\s/g, ''))
  if (!match) return phone
  const national = `0${match[1]}`
  return national.replace(/(\d{2})(?=\d)/g, '$1 ')
}

const listFormat = new Intl.ListFormat('fr-FR', { style: 'long', type: 'conjunction' })

/** `["Paul B.", "Marie D.", "Léa R."]` → `Paul B., Marie D. et Léa R.` */
export function formatList(items: readonly string[]): string {
  return listFormat.format(items)
}

const integerFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })

/** `12500` → `12 500` (issue #14: experience points). */
export function formatInteger(value: number): string {
  return integerFormat.format(value)
}
