// Column types shared by the schema modules.
import { customType, timestamp } from 'drizzle-orm/pg-core'

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
