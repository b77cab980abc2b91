// The build this service worker belongs to (vite.config.ts `define`): answered to GET_BUILD, and it
// makes every build's sw.js differ, so a new deploy is always seen as an update.
declare const __BUILD_ID__: string | undefined

export const SW_BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev'
