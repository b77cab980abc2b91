// Phone numbers to E.164, one normaliser for the whole product (docs/domain.md "Leads", "Calls"):
// what people type in the search box and the lead form, and what Aircall sends (`raw_digits` with
// spaces and dashes: `+33 6 12 34 56 78`, `+1 800-123-4567`). Leads are stored in E.164.

/**
 * French numbers as people type them: `06 12 34 56 78`, `06.12.34.56.78`, `0612345678`,
 * `+33 6 12 34 56 78`, `+33 (0)6 12…`, `0033 6 12…`, `33612345678` → `+33612345678` (E.164).
 */
export function frenchPhoneToE164(input: string): string | null {
  const compact = input.replace(/[\s.\-()/]/g, '').replace(/^(\+33|0033)0/, '$1')
  const match = /^(?:\+33|0033|33|0)([1-9]\d{8})$/.exec(compact)
  return match ? `+33${match[1]}` : null
}

/**
 * E.164 form of a phone number: a French number in any common writing, or an international one
 * written `+…` or `00…`; null for `anonymous` and anything that is not a number.
 */
export function toE164(raw: string | null | undefined): string | null {
  if (!raw) return null
  const trimmed = raw.trim()
  if (!/^[+\d][\d\s.\-()/]*$/.test(trimmed)) return null
  const french = frenchPhoneToE164(trimmed)
  if (french) return french
  const digits = trimmed.replace(/\D/g, '')
  let e164: string
  if (trimmed.startsWith('+')) e164 = `+${digits}`
  else if (digits.startsWith('00')) e164 = `+${digits.slice(2)}`
  else return null
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null
}

/**
 * Whether an SMS can reach the phone (issue #15 "SMS"): a French number must be a mobile (06, 07); a foreign one is
 * taken as able to (no numbering plan of every country here).
 */
export function isTextablePhone(e164: string | null | undefined): boolean {
  if (!e164) return false
  if (e164.startsWith('+33')) return /^\+33[67]\d{8}$/.test(e164)
  return /^\+[1-9]\d{6,14}$/.test(e164)
}

/**
 * The lead's number an SMS can reach (issue #15 "SMS"): its main phone when it is a mobile (or when
 * neither is), else its second phone when that one is (a landline first, a mobile second is common in
 * broker files). The server texts this number; the booking page offers the SMS when it can be reached.
 */
export function smsPhoneOf(lead: { phone: string; secondaryPhone: string | null }): {
  phone: string
  secondaryPhone: boolean
} {
  const secondary = lead.secondaryPhone
  if (!isTextablePhone(lead.phone) && secondary && isTextablePhone(secondary))
    return { phone: secondary, secondaryPhone: true }
  return { phone: lead.phone, secondaryPhone: false }
}
