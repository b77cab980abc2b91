// A team shown by its name: « Équipe Lyon » for a team named « Lyon », and not « Équipe Équipe Lyon »
// for one already named so (the demo's teams are).

// With or without its accent (« Equipe Lyon » typed on a keyboard without É), decomposed or not.
const PREFIX = /^(?:é|e\u0301|e)quipe\s+/i

/** « Équipe <name> », unless the name already says it. */
export const teamTitle = (name: string): string => (PREFIX.test(name) ? name : `Équipe ${name}`)

/** The name without a leading « Équipe », for « l’équipe <name> ». */
export const teamBareName = (name: string): string => name.replace(PREFIX, '')
