// What an import keeps of its file for the screens (issue #26, docs/domain.md "Lead import"): the
// detail (GET /api/imports/{id}) is read again and again while an import is set up and runs, so it
// stays under about 1 MB whatever the file. Rows are already cut to the header's width (≤ 500 cells,
// file-rows.ts); here each shown cell is cut to 200 characters and each list of the preview (the
// sample, the rows as imported, the errors) stops taking rows past 64,000 characters.

/** Characters of one cell the previews show; a longer one ends with `…`. */
export const PREVIEW_CELL_MAX = 200
/** Characters one preview list holds at most (its first row always kept: ≤ 500 cells of 200). */
export const PREVIEW_LIST_CHARS = 64_000

export function previewCell(text: string): string {
  if (text.length <= PREVIEW_CELL_MAX) return text
  const cut = text.slice(0, PREVIEW_CELL_MAX)
  const last = cut.charCodeAt(cut.length - 1)
  // Never half a surrogate pair.
  return `${last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut}…`
}

export function charsOf(texts: Iterable<string>): number {
  let chars = 0
  for (const text of texts) chars += text.length
  return chars
}

/**
 * A list's budget: `fits(chars)` says whether a row of that size still goes in (and counts it); once
 * one does not, none does, so the list stays the file's first rows.
 */
export function previewBudget(maxChars = PREVIEW_LIST_CHARS) {
  let used = 0
  let rows = 0
  let full = false
  return {
    fits(chars: number): boolean {
      if (full || (rows > 0 && used + chars > maxChars)) {
        full = true
        return false
      }
      used += chars
      rows++
      return true
    },
  }
}
