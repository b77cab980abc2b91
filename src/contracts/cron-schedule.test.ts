// Issue #15 "Scheduled jobs": the schedules an administrator may give, and how the page reads them.
import { describe, expect, it } from 'vitest'
import { checkCron, cronInWords } from './cron-schedule.ts'

describe('a schedule in words', () => {
  it.each([
    ['* * * * *', 'toutes les minutes'],
    ['*/5 * * * *', 'toutes les 5 minutes'],
    ['*/10 8-18 * * 1-5', 'toutes les 10 minutes, de 8 h à 18 h 59, du lundi au vendredi'],
    ['0 * * * *', 'toutes les heures pile'],
    ['15 * * * *', 'toutes les heures à la minute 15'],
    ['0,30 * * * *', 'toutes les heures aux minutes 0 et 30'],
    ['0 */2 * * *', 'toutes les 2 heures pile'],
    ['0 8-18 * * 1-5', 'toutes les heures pile, de 8 h à 18 h, du lundi au vendredi'],
    ['0 7 * * *', 'tous les jours à 7 h'],
    ['30 3 * * 1', 'le lundi à 3 h 30'],
    ['5 0 * * *', 'tous les jours à 0 h 05'],
    ['0 7,12 * * *', 'tous les jours à 7 h et 12 h'],
    ['0 7 * * 1-5', 'du lundi au vendredi à 7 h'],
    ['0 9 * * 0,1,3', 'le lundi, le mercredi et le dimanche à 9 h'],
    ['0 9 * * 5-7', 'du vendredi au dimanche à 9 h'],
    ['0 6 1 * *', 'le 1er du mois à 6 h'],
    ['0 6 1,15 * *', 'les 1er et 15 du mois à 6 h'],
    ['0 3 * * 0-6', 'tous les jours à 3 h'],
  ])('%s reads « %s »', (cron, words) => {
    expect(cronInWords(cron)).toBe(words)
  })

  it('tidies the spaces it was given', () => {
    expect(checkCron('  0   7 * *  * ')).toMatchObject({ ok: true, expression: '0 7 * * *' })
  })
})

describe('a schedule refused', () => {
  it.each([
    ['', 'Saisissez une planification'],
    ['* * * * * *', 'cinq champs'],
    ['0 7 * *', 'cinq champs'],
    ['60 * * * *', 'Minute'],
    ['0-10 * * * *', 'Minute'],
    ['0 24 * * *', 'Heure'],
    ['0 18-8 * * *', 'Heure'],
    ['0 7 0 * *', 'Jour du mois'],
    ['0 7 * 1 *', 'Mois'],
    ['0 7 * * 8', 'Jour de la semaine'],
    ['0 7 * * MON', 'Jour de la semaine'],
    ['0 7 1 * 1', 'pas les deux'],
    ['*/5 */2 * * *', 'fréquence en minutes'],
    ['* 7,12 * * *', 'fréquence en minutes'],
    ['FREQ=DAILY', 'cinq champs'],
  ])('%s', (cron, reason) => {
    const checked = checkCron(cron)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.message).toContain(reason)
  })
})
