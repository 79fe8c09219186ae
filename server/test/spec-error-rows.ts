// The rows of the spec's two error tables (interface-spec.md, "Errors"), copied verbatim as the spec writes
// them (endpoint | HTTP status | error | message; the API-key endpoints' bodies have no `error` field). The
// endpoint tests check that they answer every row of their endpoint.
import { matchesCatalogueMessage } from '../rest-contract/error-catalogue';

export interface SpecErrorRow {
  endpoint: 'create/retake' | 'outcome update' | 'create' | 'delete';
  status: number;
  /** The participant-endpoint `error` field; absent for the API-key endpoints. */
  error?: string;
  message: string;
}

const PARTICIPANT_ENDPOINT_ROWS = `
| create/retake | 400 | BAD_REQUEST | Invalid JSON format |
| create/retake | 400 | BAD_REQUEST | project_uuid is required |
| create/retake | 400 | BAD_REQUEST | IRN cannot be empty. |
| create/retake | 400 | BAD_REQUEST | Invalid project_uuid format |
| create/retake | 400 | BAD_REQUEST | Invalid participant_uuid format |
| create/retake | 400 | BAD_REQUEST | In Retake Participant Interview Reference number can not be changed. |
| create/retake | 400 | BAD_REQUEST | Invalid email format |
| create/retake | 400 | BAD_REQUEST | Error: Duplicate IRN. IRN number <irn> has already been assigned to another participant. |
| create/retake | 401 | UNAUTHORIZED | API key is required |
| create/retake | 401 | UNAUTHORIZED | Invalid API key |
| create/retake | 403 | FORBIDDEN | API Key not associated with this Questionnaire |
| create/retake | 404 | NOT_FOUND | Participant not found |
| create/retake | 404 | NOT_FOUND | Project not found |
| create/retake | 500 | INTERNAL_SERVER_ERROR | Failed to update participant for retake |
| outcome update | 400 | BAD_REQUEST | Invalid JSON format |
| outcome update | 400 | BAD_REQUEST | Invalid participant_id format |
| outcome update | 400 | BAD_REQUEST | Invalid outcome_ts format. Use RFC3339 format (e.g., <timestamp>) |
| outcome update | 400 | BAD_REQUEST | Failed to update outcome tracking |
| outcome update | 401 | UNAUTHORIZED | API key is required |
| outcome update | 401 | UNAUTHORIZED | Invalid API key |
| outcome update | 403 | FORBIDDEN | API Key not associated with this Questionnaire |
| outcome update | 404 | NOT_FOUND | Participant not found |
| outcome update | 404 | NOT_FOUND | Questionnaire not found |
`;

const API_KEY_ENDPOINT_ROWS = `
| create | 400 | key_name is required and cannot be null or empty |
| create | 400 | scope is required and cannot be null or empty |
| create | 401 | Authorization header is required |
| create | 403 | You are not authorized to perform this operation |
| delete | 400 | API key value is required (path parameter missing or empty) |
| delete | 401 | Authorization header is required |
| delete | 401 | Invalid API key |
| delete | 403 | Invalid API key scope |
| delete | 404 | API key not found or Invalid tenant for this questionnaire |
`;

/** The cells of each row of a Markdown table. No message contains a `|`. */
const tableRows = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

export const SPEC_ERROR_ROWS: SpecErrorRow[] = [
  ...tableRows(PARTICIPANT_ENDPOINT_ROWS).map(([endpoint, status, error, message]) => ({
    endpoint: endpoint as SpecErrorRow['endpoint'],
    status: Number(status),
    error: error!,
    message: message!,
  })),
  ...tableRows(API_KEY_ENDPOINT_ROWS).map(([endpoint, status, message]) => ({
    endpoint: endpoint as SpecErrorRow['endpoint'],
    status: Number(status),
    message: message!,
  })),
];

export const rowKey = (row: SpecErrorRow) => `${row.status} ${row.message}`;

/** Matches a spec message with its placeholders (<irn>, <timestamp>) against a real one. */
export const matchesSpecMessage = matchesCatalogueMessage;
