// A phone number as the French write it (`06 12 34 56 78`, i18n/format.ts), on one line: in a narrow
// list column the spaces of the national format would otherwise break it in two (issue #31 point 4).
import { formatPhone } from '../../i18n/format.ts'
import './phone-number.css'

export function PhoneNumber({ phone, className }: { phone: string; className?: string }) {
  return (
    <span className={className ? `phone-number ${className}` : 'phone-number'} translate="no">
      {formatPhone(phone)}
    </span>
  )
}
