// Issue #27 point 4 (server/lib/shell.ts): on a page the server painted (the sign-in form), the app's
// entry runs once the browser has shown that paint, not before it. It is already downloading
// (modulepreload); a hidden tab, which gets no frames, starts it after a short while anyway.
const entry = document.querySelector('script[data-entry]').dataset.entry
let started = false
const start = () => {
  if (started) return
  started = true
  import(entry)
}
requestAnimationFrame(() => setTimeout(start))
setTimeout(start, 500)
