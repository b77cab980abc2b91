// The rejected rows of an analysis grouped by cause (issue #31 point 2): « 102 lignes : aucun marché ne
// couvre le code postal … » with the codes, rather than 14,000 px of lines. A cause is the French
// message with its value (the quoted cell, the postal code) taken out; each group keeps its count, its
// first lines and its first distinct values, so the detail stays small whatever the file.
import type { ImportErrorGroup, ImportRowError } from '../../../src/contracts/imports.ts'

/** Lines and values a group keeps (the rejected-rows file has them all). */
export const GROUP_LINES = 50
export const GROUP_VALUES = 20
/** Distinct causes kept; past it, the others are counted in one last group (no column), so the counts add up. */
export const MAX_GROUPS = 50
export const OTHER_CAUSES = 'Autres causes (voir le fichier des lignes rejetées).'

/** The message's cause (its value as `…`) and that value, if any. */
export function causeOf(message: string): { cause: string; value: string | null } {
  // The value then a full stop reads as one ellipsis.
  const tidy = (cause: string) => cause.replace(/…\.$/, '…')
  const quoted = /« (.*) »/.exec(message)
  if (quoted) return { cause: tidy(message.replace(quoted[0], '…')), value: quoted[1]! }
  const postal = /(code postal) (\S+?)( :|\.$)/.exec(message)
  if (postal)
    return { cause: tidy(message.replace(postal[0], `${postal[1]} …${postal[3]}`)), value: postal[2]! }
  return { cause: message, value: null }
}

export function errorGrouper() {
  const groups = new Map<string, ImportErrorGroup>()
  let others: ImportErrorGroup | null = null
  return {
    add(line: number, errors: ImportRowError[]) {
      for (const error of errors) {
        const { cause, value } = causeOf(error.message)
        const key = `${error.field ?? ''}\u0000${error.column}\u0000${cause}`
        let group = groups.get(key)
        if (!group && groups.size >= MAX_GROUPS) {
          others ??= { column: '', field: null, cause: OTHER_CAUSES, count: 0, lines: [], values: [] }
          group = others
        } else if (!group) {
          group = { column: error.column, field: error.field, cause, count: 0, lines: [], values: [] }
          groups.set(key, group)
        }
        group.count++
        if (group.lines.length < GROUP_LINES && group.lines.at(-1) !== line) group.lines.push(line)
        if (value !== null && group.values.length < GROUP_VALUES && !group.values.includes(value))
          group.values.push(value.slice(0, 200))
      }
    },
    /** The groups, most rows first; the other causes last. */
    groups(): ImportErrorGroup[] {
      const sorted = [...groups.values()].sort((a, b) => b.count - a.count)
      return others ? [...sorted, others] : sorted
    },
  }
}
