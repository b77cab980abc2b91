// Fetches and starts the scripts once the paint is shown (issue #27; why: server/lib/shell.ts afterFirstPaint).
const { entry, preload } = document.querySelector('script[data-entry]').dataset
let started = false
const start = () => {
  if (started) return
  started = true
  for (const href of preload ? preload.split(' ') : []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  import(entry)
}
requestAnimationFrame(() => setTimeout(start))
setTimeout(start, 500)
