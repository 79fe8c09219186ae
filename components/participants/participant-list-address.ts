// The participants list's filter and place as the address holds them (?q, field, allowed, outcome, result,
// sort, cursor, page): read by the list in the browser and by its page on the server, which fetches the first
// screen with the very inputs the browser asks for.

// The same value the server uses for "has none" (server/participants/search.ts NONE).
export const NONE = '__none__';
export const PAGE_SIZE = 50;
/** Pages a number can jump to: the counted part of the list (COUNT_CAP in server/participants/search.ts). */
const COUNT_CAP = 10_000;
export const MAX_JUMP_PAGE = COUNT_CAP / PAGE_SIZE;

export const SEARCH_FIELDS = [
  ['any', 'Any field'],
  ['irn', 'IRN'],
  ['email', 'Email'],
  ['externalRef', 'External reference'],
  ['phone', 'Phone number'],
] as const;
export const SORTS = [
  ['createdAt:desc', 'Newest first'],
  ['createdAt:asc', 'Oldest first'],
  ['irn:asc', 'IRN A–Z'],
  ['irn:desc', 'IRN Z–A'],
] as const;

type SearchField = (typeof SEARCH_FIELDS)[number][0];

function readFilter(params: URLSearchParams) {
  const field = params.get('field') ?? 'any';
  const allowed = params.get('allowed') ?? 'all';
  const sort = params.get('sort') ?? 'createdAt:desc';
  const [sortField, direction] = (SORTS.some(([v]) => v === sort) ? sort : 'createdAt:desc').split(':') as [
    'createdAt' | 'irn',
    'asc' | 'desc',
  ];
  return {
    search: params.get('q') ?? '',
    searchField: (SEARCH_FIELDS.some(([v]) => v === field) ? field : 'any') as SearchField,
    allowed: (['all', 'allowed', 'disallowed'].includes(allowed) ? allowed : 'all') as
      'all' | 'allowed' | 'disallowed',
    outcome: params.get('outcome') ?? '',
    resultStatus: params.get('result') ?? '',
    sort: sortField,
    direction,
  };
}

/**
 * The list as the address asks for it, and the inputs of the page's three queries. Without a cursor, a page
 * number above 1 is a jump (counted part only).
 */
export function readParticipantListAddress(questionnaireId: string, params: URLSearchParams) {
  const filter = readFilter(params);
  const cursor = params.get('cursor');
  const pageNumber = Math.max(
    1,
    Math.min(MAX_JUMP_PAGE, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  );
  return {
    filter,
    cursor,
    pageNumber,
    /** participant.list */
    listInput: {
      questionnaireId,
      ...filter,
      cursor,
      page: !cursor && pageNumber > 1 ? pageNumber : undefined,
      limit: PAGE_SIZE,
    },
    /** participant.count */
    countInput: { questionnaireId, ...filter },
    /** participant.filterOptions */
    optionsInput: { questionnaireId },
  };
}
