// How a refused field is named in a message, for every body the service checks (the REST schemas, the result
// payload, the Admin forms): the field first, then the problem. One wording per problem, so the same problem
// reads the same on every door; the error catalogue calls these with placeholders (<field>, <n>) to list them.

/** `kind` carries its article: 'a string', 'an array of strings', 'a string or null'. */
export const mustBeMessage = (field: string, kind: string) => `${field} must be ${kind}`;

/** A required field that is missing or of the wrong type; `kind` as in mustBeMessage. */
export const requiredMessage = (field: string, kind: string) => `${field} is required and must be ${kind}`;

export const tooLongMessage = (field: string, max: number | string) =>
  `${field} must be at most ${max} characters`;

/** Text the database could not store faithfully (control characters, broken UTF-16). */
export const unstorableMessage = (field: string) => `${field} must be valid text without control characters`;

/** The Admin forms show a message beside its field, so it says only what to do. */
export const atMostCharactersMessage = (max: number | string) => `Use at most ${max} characters`;

/** A list longer than allowed (the REST API's scope lists). */
export const tooManyItemsMessage = (field: string, max: number | string) =>
  `${field} must list at most ${max} items`;

/** A list longer than allowed (the result payload's questions_risk_rating). */
export const tooManyEntriesMessage = (field: string, max: number | string) =>
  `${field} must have at most ${max} entries`;

export const notEmptyMessage = (field: string) => `${field} must not be empty`;
