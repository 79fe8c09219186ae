// The questionnaire list's search as the address holds it (?q, tenant, kind, archived, page): read by the
// list in the browser and by its page on the server, which fetches the first screen with the same input.
export const QUESTIONNAIRE_KINDS = [
  ['all', 'Live and sandbox'],
  ['live', 'Live only'],
  ['sandbox', 'Sandbox only'],
] as const;
type Kind = (typeof QUESTIONNAIRE_KINDS)[number][0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The search (questionnaire.search's input) as the address has it; anything unreadable in it is ignored. */
export function readQuestionnaireSearch(params: URLSearchParams) {
  const kind = params.get('kind');
  const tenant = params.get('tenant');
  return {
    search: (params.get('q') ?? '').trim().slice(0, 200),
    tenantId: tenant && UUID.test(tenant) ? tenant : undefined,
    kind: (QUESTIONNAIRE_KINDS.some(([value]) => value === kind) ? kind : 'all') as Kind,
    archived: params.get('archived') === '1',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}
