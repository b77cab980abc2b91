// The build's identity (vite.config.ts `define`), part of the persisted cache's buster (issue #5).
declare const __BUILD_ID__: string | undefined

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev'
