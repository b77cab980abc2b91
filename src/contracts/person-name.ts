// How the product writes a person (issue #31): « Léa Bonnet », first name then last name, everywhere —
// screens, exports, audit snapshots, notifications. tests/docs/person-name.test.ts checks no other
// code joins the two names itself (SQL that builds the same « first last » text is left to the queries).

export type Named = { readonly firstName: string; readonly lastName: string }

/** « Léa Bonnet »; a missing part leaves no stray space. */
export function personName(person: Named): string {
  return `${person.firstName} ${person.lastName}`.trim()
}
