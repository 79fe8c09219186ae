// The messages about tenants and questionnaires, each written once: every domain that looks one up (the REST
// door's key check, the participant services, the Admin door, the CLI) throws these. It imports nothing, so
// any domain and the Admin app's browser code can import it without a cycle.
export const QUESTIONNAIRE_MESSAGES = {
  questionnaireNotFound: 'Questionnaire not found',
  tenantNotFound: 'Tenant not found',
  nameRequired: 'Enter a name',
  chooseTenant: 'Choose a tenant',
} as const;
