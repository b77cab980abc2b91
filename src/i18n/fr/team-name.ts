// A team shown by its name: « Équipe Lyon » for a team named « Lyon », and not « Équipe Équipe Lyon »
// for one already named so (the demo's teams are).

const PREFIX = /^équipe\s+/i

/** « Équipe <name> », unless the name already says it. */
export const teamTitle = (name: string): string => (PREFIX.test(name) ? name : `Équipe ${name}`)

/** The name without a leading « Équipe », for « l’équipe <name> ». */
export const teamBareName = (name: string): string => name.replace(PREFIX, '')
