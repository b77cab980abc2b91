// One Drizzle schema for PGlite and PostgreSQL, one module per aggregate in server/db/schema/.
// Migrations are generated from it (npm run db:generate) and committed in server/db/migrations.
export * from './schema/users.ts'
export * from './schema/teams.ts'
export * from './schema/platform.ts'
export * from './schema/call-processes.ts'
export * from './schema/missions.ts'
export * from './schema/leads.ts'
export * from './schema/sessions.ts'
export * from './schema/calls.ts'
export * from './schema/lead-tags.ts'
export * from './schema/appointments.ts'
export * from './schema/push.ts'
export * from './schema/audit.ts'
