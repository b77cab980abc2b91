// Phone numbers to E.164 (telephony notes §7.2): Aircall sends `+33 6 12 34 56 78` or `+1 800-123-4567`,
// users type `06 12 34 56 78`; leads are stored in E.164. French national numbers get +33.

/** E.164 form of a phone number, or null for `anonymous` and anything that is not a number. */
export function toE164(raw: string | null | undefined): string | null {
  if (!raw) return null
  const trimmed = raw.trim()
  if (!/^[+\d][\d\s.\-()/]*$/.test(trimmed)) return null
  const digits = trimmed.replace(/\D/g, '')
  let e164: string
  if (trimmed.startsWith('+')) e164 = `+${digits}`
  else if (digits.startsWith('00')) e164 = `+${digits.slice(2)}`
  else if (digits.length === 10 && digits.startsWith('0')) e164 = `+33${digits.slice(1)}`
  else if (digits.length === 11 && digits.startsWith('33')) e164 = `+${digits}`
  else return null
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null
}
