// Hand-built ZIP archives for the XLSX guard's tests (server/domain/imports/zip-guard.ts): what the
// central directory declares can differ from what the entries hold, as in a crafted ZIP bomb.
export type ZipTestEntry = {
  name: string
  /** The stored bytes (raw deflate for method 8). */
  data: Buffer
  /** The uncompressed size the headers declare. */
  size: number
  method?: 0 | 8
  /** The compressed size the central directory declares (default: data's length). */
  declaredCompressed?: number
  /** Left out of the central directory: a hidden local entry. */
  hidden?: boolean
}

export function zipOf(entries: ZipTestEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(entry.method ?? 8, 8)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.size, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, entry.data)
    if (!entry.hidden) {
      const central = Buffer.alloc(46)
      central.writeUInt32LE(0x02014b50, 0)
      central.writeUInt16LE(20, 4)
      central.writeUInt16LE(20, 6)
      central.writeUInt16LE(entry.method ?? 8, 10)
      central.writeUInt32LE(entry.declaredCompressed ?? entry.data.length, 20)
      central.writeUInt32LE(entry.size, 24)
      central.writeUInt16LE(name.length, 28)
      central.writeUInt32LE(offset, 42)
      centrals.push(central, name)
    }
    offset += 30 + name.length + entry.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  const count = entries.filter((entry) => !entry.hidden).length
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
