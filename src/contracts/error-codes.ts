// Error codes the client acts on, free of zod: the boot chunk imports them (src/api/error-message.ts)
// and must not carry the schema library (issue #27: the full zod had reached /login through here).

/** 409 of a versioned entity's change made from a stale version (issue #12 "Concurrency"). */
export const STALE_VERSION = 'STALE_VERSION'
