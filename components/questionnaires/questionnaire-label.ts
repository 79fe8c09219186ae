/**
 * A questionnaire's name in running text and accessible names, marked "(sandbox)" for a sandbox, once: a
 * sandbox already named "Onboarding (sandbox)" is not announced as "Onboarding (sandbox) (sandbox)".
 */
export const questionnaireLabel = (name: string, sandbox: boolean): string =>
  sandbox && !/\(sandbox\)/i.test(name) ? `${name} (sandbox)` : name;
