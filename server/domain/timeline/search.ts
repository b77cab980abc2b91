// The timeline's search (issue #14; docs/domain.md "Timeline and follow-up"): an event is kept when
// every word typed is found in its lead's name or its outcome's label (both folded by the database's
// app_fold, like the search typed), or when the digits typed are part of its phone number.
import { frenchPhoneToE164 } from '../../../src/contracts/phone.ts'

export type TimelineSearch = {
  /** The folded words (app_fold of what was typed). */
  words: string[]
  /** What was typed read as a phone number (digits only), when it is one. */
  digits: string | null
}

/** What an event offers to the search. */
export type Searchable = {
  /** Folded first and last name of the lead the reader sees. */
  name: string | null
  /** Folded outcome label. */
  label: string | null
  phones: string[]
}

/** At least this many digits make a phone search (fewer would match nearly every number). */
const PHONE_DIGITS_MIN = 4
const PHONE_CHARACTERS = /^[+\d\s.\-()]+$/

export function phoneDigitsOf(typed: string): string | null {
  if (!PHONE_CHARACTERS.test(typed)) return null
  const whole = frenchPhoneToE164(typed)
  if (whole) return whole.slice(1)
  const digits = typed.replace(/\D/g, '')
  return digits.length >= PHONE_DIGITS_MIN ? digits : null
}

/** A number's digits as written in E.164 and, for a French number, in national form (0…). */
function phoneForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '')
  return digits.startsWith('33') ? [digits, `0${digits.slice(2)}`] : [digits]
}

export function matchesSearch(item: Searchable, search: TimelineSearch): boolean {
  if (search.digits !== null) {
    const digits = search.digits
    if (item.phones.some((phone) => phoneForms(phone).some((form) => form.includes(digits)))) return true
  }
  if (search.words.length === 0) return false
  const text = [item.name, item.label].filter(Boolean).join(' ')
  return text !== '' && search.words.every((word) => text.includes(word))
}
