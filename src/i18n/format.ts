// fr-FR display of dates and phone numbers (conventions §2: i18n/format.ts).

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' })
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' })

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}

// Appointment agendas are kept in Paris time (docs/domain.md "Appointments"), whatever the device's zone.
const AGENDA_TIME_ZONE = 'Europe/Paris'
const agendaDayFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: AGENDA_TIME_ZONE,
})
const agendaTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: AGENDA_TIME_ZONE,
})

/** A day of an agenda, `2026-11-23` → `lundi 23 novembre` (the Paris calendar day). */
export function formatAgendaDay(date: string): string {
  return agendaDayFormat.format(new Date(`${date}T12:00:00Z`))
}

/** The Paris time of an agenda instant: `10:00`. */
export function formatAgendaTime(iso: string): string {
  return agendaTimeFormat.format(new Date(iso))
}

/** An agenda instant in full: `lundi 23 novembre à 10:00` (Paris time). */
export function formatAgendaSlot(iso: string): string {
  return `${agendaDayFormat.format(new Date(iso))} à ${formatAgendaTime(iso)}`
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
