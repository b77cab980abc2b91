// The schedules of the scheduled jobs (issue #15 "Scheduled jobs", docs/domain.md "Scheduled jobs"):
// the cron shapes the catalogue and the editor allow, checked the same way by the server and by the
// editor as the administrator types, and their French reading ("tous les jours à 7 h").
//
// Five fields, `minute heure jour-du-mois mois jour-de-semaine`, in Europe/Paris: never seconds, so
// a job never runs more often than once a minute. A subset of cron on purpose: each accepted shape
// reads as one plain French sentence, and the server still parses it with the job engine's own cron
// parser (pg-boss's previewSchedule) before saving. Zod-free: the editor imports it.

// What one field allows: `*`, a step `*/n`, a number, a list `a,b`, a range `a-b` (hours and weekdays).
type Field =
  | { kind: 'any' }
  | { kind: 'every'; step: number }
  | { kind: 'values'; values: number[] }
  | { kind: 'range'; from: number; to: number }

export type CronFields = {
  minute: Field
  hour: Field
  dayOfMonth: Field
  dayOfWeek: Field
}

export type CronCheck =
  { ok: true; expression: string; fields: CronFields; words: string } | { ok: false; message: string }

export const CRON_MAX_LENGTH = 100

const refusals = {
  empty: 'Saisissez une planification, par exemple « 0 7 * * * » (tous les jours à 7 h).',
  fieldCount:
    'Une planification a cinq champs : minute, heure, jour du mois, mois et jour de la semaine (pas de secondes : au plus une fois par minute).',
  minute: 'Minute : « * », « */n », un nombre de 0 à 59 ou une liste (0,30).',
  hour: 'Heure : « * », « */n », un nombre de 0 à 23, une liste (7,12) ou une plage (8-18).',
  dayOfMonth: 'Jour du mois : « * », un nombre de 1 à 31 ou une liste (1,15).',
  month: 'Mois : seul « * » est permis (une tâche tourne tous les mois).',
  dayOfWeek:
    'Jour de la semaine : « * », un nombre de 0 à 7 (0 et 7 = dimanche), une liste (1,3) ou une plage (1-5).',
  bothDays: 'Choisissez des jours du mois ou des jours de la semaine, pas les deux.',
  minuteStepWithHours: 'Avec une fréquence en minutes, les heures sont « * », une heure ou une plage (8-18).',
  tooLong: `Une planification tient en ${CRON_MAX_LENGTH} caractères.`,
} as const

const NUMBER = /^\d{1,2}$/

function number(text: string, min: number, max: number): number | null {
  if (!NUMBER.test(text)) return null
  const value = Number(text)
  return value >= min && value <= max ? value : null
}

type FieldRules = { min: number; max: number; step: boolean; range: boolean }

function parseField(text: string, { min, max, step, range }: FieldRules): Field | null {
  if (text === '*') return { kind: 'any' }
  const every = /^\*\/(\d{1,2})$/.exec(text)
  if (every) {
    const n = number(every[1]!, 1, max)
    if (!step || n === null) return null
    return n === 1 ? { kind: 'any' } : { kind: 'every', step: n }
  }
  const span = /^(\d{1,2})-(\d{1,2})$/.exec(text)
  if (span) {
    const from = number(span[1]!, min, max)
    const to = number(span[2]!, min, max)
    if (!range || from === null || to === null || from >= to) return null
    return { kind: 'range', from, to }
  }
  const values: number[] = []
  for (const part of text.split(',')) {
    const value = number(part, min, max)
    if (value === null) return null
    if (!values.includes(value)) values.push(value)
  }
  return { kind: 'values', values: values.sort((a, b) => a - b) }
}

/** Sunday is 0 or 7 in cron; kept as 0. A range covering the whole week reads as `*`. */
function normaliseWeekdays(field: Field): Field {
  if (field.kind === 'values') {
    const values = [...new Set(field.values.map((day) => day % 7))].sort((a, b) => a - b)
    return values.length === 7 ? { kind: 'any' } : { kind: 'values', values }
  }
  if (field.kind === 'range' && field.to - field.from >= 6) return { kind: 'any' }
  return field
}

/** Checks a schedule the editor or the API was given; answers its fields and words, or a French refusal. */
export function checkCron(input: string): CronCheck {
  const expression = input.trim().replace(/\s+/g, ' ')
  if (expression === '') return { ok: false, message: refusals.empty }
  if (expression.length > CRON_MAX_LENGTH) return { ok: false, message: refusals.tooLong }
  const parts = expression.split(' ')
  if (parts.length !== 5) return { ok: false, message: refusals.fieldCount }
  const [minuteText, hourText, dayOfMonthText, monthText, dayOfWeekText] = parts as [
    string,
    string,
    string,
    string,
    string,
  ]
  const minute = parseField(minuteText, { min: 0, max: 59, step: true, range: false })
  if (!minute) return { ok: false, message: refusals.minute }
  const hour = parseField(hourText, { min: 0, max: 23, step: true, range: true })
  if (!hour) return { ok: false, message: refusals.hour }
  const dayOfMonth = parseField(dayOfMonthText, { min: 1, max: 31, step: false, range: false })
  if (!dayOfMonth) return { ok: false, message: refusals.dayOfMonth }
  if (monthText !== '*') return { ok: false, message: refusals.month }
  const weekdays = parseField(dayOfWeekText, { min: 0, max: 7, step: false, range: true })
  if (!weekdays) return { ok: false, message: refusals.dayOfWeek }
  const dayOfWeek = normaliseWeekdays(weekdays)
  if (dayOfMonth.kind !== 'any' && dayOfWeek.kind !== 'any') return { ok: false, message: refusals.bothDays }
  const frequent = minute.kind !== 'values'
  if (frequent && (hour.kind === 'every' || (hour.kind === 'values' && hour.values.length > 1)))
    return { ok: false, message: refusals.minuteStepWithHours }
  const fields = { minute, hour, dayOfMonth, dayOfWeek }
  return { ok: true, expression, fields, words: describeCron(fields) }
}

/** The French reading of a schedule checked by checkCron, or null when it is not one. */
export function cronInWords(expression: string): string | null {
  const checked = checkCron(expression)
  return checked.ok ? checked.words : null
}

// ——— French words ———

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} et ${words.at(-1)}`
}

/** `7 h`, `3 h 30`, `7 h 05`. */
function clock(hour: number, minute: number): string {
  return minute === 0 ? `${hour} h` : `${hour} h ${String(minute).padStart(2, '0')}`
}

/** Monday first, Sunday last, as a French week reads. */
function weekOrder(day: number): number {
  return day === 0 ? 7 : day
}

function weekdayWords(field: Field): string | null {
  if (field.kind === 'range') {
    const to = field.to % 7
    return `du ${WEEKDAYS[field.from % 7]} au ${WEEKDAYS[to]}`
  }
  if (field.kind !== 'values') return null
  const days = [...field.values].sort((a, b) => weekOrder(a) - weekOrder(b))
  return joinWords(days.map((day) => `le ${WEEKDAYS[day]}`))
}

function dayOfMonthWords(field: Field): string | null {
  if (field.kind !== 'values') return null
  const days = field.values.map((day) => (day === 1 ? '1er' : String(day)))
  return `${days.length === 1 ? 'le' : 'les'} ${joinWords(days)} du mois`
}

function minuteWords(minutes: number[]): string {
  if (minutes.length === 1 && minutes[0] === 0) return 'pile'
  if (minutes.length === 1) return `à la minute ${minutes[0]}`
  return `aux minutes ${joinWords(minutes.map(String))}`
}

function describeCron({ minute, hour, dayOfMonth, dayOfWeek }: CronFields): string {
  const days = weekdayWords(dayOfWeek) ?? dayOfMonthWords(dayOfMonth)
  const withDays = (text: string) => (days ? `${text}, ${days}` : text)
  if (minute.kind !== 'values') {
    const every = minute.kind === 'every' ? `toutes les ${minute.step} minutes` : 'toutes les minutes'
    if (hour.kind === 'range') return withDays(`${every}, de ${hour.from} h à ${hour.to} h 59`)
    if (hour.kind === 'values') return withDays(`${every}, de ${hour.values[0]} h à ${hour.values[0]} h 59`)
    return withDays(every)
  }
  const minutes = minute.values
  if (hour.kind === 'any') return withDays(`toutes les heures ${minuteWords(minutes)}`)
  if (hour.kind === 'every') return withDays(`toutes les ${hour.step} heures ${minuteWords(minutes)}`)
  if (hour.kind === 'range')
    return withDays(`toutes les heures ${minuteWords(minutes)}, de ${hour.from} h à ${hour.to} h`)
  const times = hour.values.flatMap((h) => minutes.map((m) => clock(h, m)))
  return `${days ?? 'tous les jours'} à ${joinWords(times)}`
}
