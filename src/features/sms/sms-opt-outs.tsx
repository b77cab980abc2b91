// The phones that answered STOP (issue #15 "SMS"): no SMS goes to them any more.
import { useQuery } from '@tanstack/react-query'
import { smsQueries } from '../../api/sms.ts'
import { smsScreen } from '../../i18n/fr/sms.ts'
import { formatDateTime } from '../../i18n/format.ts'
import { PhoneNumber } from '../../components/ui/phone-number.tsx'

const t = smsScreen.optOuts

export function SmsOptOuts() {
  const list = useQuery(smsQueries.optOuts())
  if (list.isPending) return <p>{smsScreen.loading}</p>
  if (list.isError) return <p role="alert">{smsScreen.loadFailed}</p>
  if (list.data.optOuts.length === 0) return <p>{t.empty}</p>
  return (
    <table className="sms-opt-outs">
      <thead>
        <tr>
          <th scope="col">{t.columns.phone}</th>
          <th scope="col">{t.columns.when}</th>
          <th scope="col">{t.columns.message}</th>
        </tr>
      </thead>
      <tbody>
        {list.data.optOuts.map((optOut) => (
          <tr key={optOut.phone}>
            <td>
              <PhoneNumber phone={optOut.phone} />
            </td>
            <td>
              <time dateTime={optOut.createdAt}>{formatDateTime(optOut.createdAt)}</time>
            </td>
            <td>{optOut.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
