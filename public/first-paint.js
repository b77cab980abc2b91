// Starts the entry once the paint is shown (issue #27; why: server/lib/shell.ts afterFirstPaint).
const entry = document.querySelector('script[data-entry]').dataset.entry
let started = false
const start = () => {
  if (started) return
  started = true
  import(entry)
}
requestAnimationFrame(() => setTimeout(start))
setTimeout(start, 500)
