// fr-FR display of dates and phone numbers (conventions §2: i18n/format.ts).

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' })
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' })

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}

/** A French E.164 number as the French write it (`+33612345678` → `06 12 34 56 78`); others as is. */
export function formatPhone(phone: string): string {
  const match = /^\+33(\d{9})$/.exec(phone.replace(/\s/g, ''))
  if (!match) return phone
  const national = `0${match[1]}`
  return national.replace(/(\d{2})(?=\d)/g, '$1 ')
}
