// The build's identity (vite.config.ts `define`, copied into the worker's own build): answered by the
// service worker to GET_BUILD — it makes every build's sw.js differ, so a new deploy is always seen
// as an update — and part of the page's persisted-cache buster (issue #5).
declare const __BUILD_ID__: string | undefined

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev'
