// The rows of the spec's two error tables (interface-spec.md, "Errors"), copied verbatim. The endpoint tests
// check that they answer every row of their endpoint.
import { matchesCatalogueMessage } from '../rest-contract/error-catalogue';

export interface SpecErrorRow {
  endpoint: 'create/retake' | 'outcome update' | 'create' | 'delete';
  status: number;
  /** The participant-endpoint `error` field; absent for the API-key endpoints. */
  error?: string;
  message: string;
}

export const SPEC_ERROR_ROWS: SpecErrorRow[] = [
  { endpoint: 'create/retake', status: 400, error: 'BAD_REQUEST', message: 'Invalid JSON format' },
  { endpoint: 'create/retake', status: 400, error: 'BAD_REQUEST', message: 'project_uuid is required' },
  { endpoint: 'create/retake', status: 400, error: 'BAD_REQUEST', message: 'IRN cannot be empty.' },
  { endpoint: 'create/retake', status: 400, error: 'BAD_REQUEST', message: 'Invalid project_uuid format' },
  {
    endpoint: 'create/retake',
    status: 400,
    error: 'BAD_REQUEST',
    message: 'Invalid participant_uuid format',
  },
  {
    endpoint: 'create/retake',
    status: 400,
    error: 'BAD_REQUEST',
    message: 'In Retake Participant Interview Reference number can not be changed.',
  },
  { endpoint: 'create/retake', status: 400, error: 'BAD_REQUEST', message: 'Invalid email format' },
  {
    endpoint: 'create/retake',
    status: 400,
    error: 'BAD_REQUEST',
    message: 'Error: Duplicate IRN. IRN number <irn> has already been assigned to another participant.',
  },
  { endpoint: 'create/retake', status: 401, error: 'UNAUTHORIZED', message: 'API key is required' },
  { endpoint: 'create/retake', status: 401, error: 'UNAUTHORIZED', message: 'Invalid API key' },
  {
    endpoint: 'create/retake',
    status: 403,
    error: 'FORBIDDEN',
    message: 'API Key not associated with this Questionnaire',
  },
  { endpoint: 'create/retake', status: 404, error: 'NOT_FOUND', message: 'Participant not found' },
  { endpoint: 'create/retake', status: 404, error: 'NOT_FOUND', message: 'Project not found' },
  {
    endpoint: 'create/retake',
    status: 500,
    error: 'INTERNAL_SERVER_ERROR',
    message: 'Failed to update participant for retake',
  },
  { endpoint: 'outcome update', status: 400, error: 'BAD_REQUEST', message: 'Invalid JSON format' },
  { endpoint: 'outcome update', status: 400, error: 'BAD_REQUEST', message: 'Invalid participant_id format' },
  {
    endpoint: 'outcome update',
    status: 400,
    error: 'BAD_REQUEST',
    message: 'Invalid outcome_ts format. Use RFC3339 format (e.g., <timestamp>)',
  },
  {
    endpoint: 'outcome update',
    status: 400,
    error: 'BAD_REQUEST',
    message: 'Failed to update outcome tracking',
  },
  { endpoint: 'outcome update', status: 401, error: 'UNAUTHORIZED', message: 'API key is required' },
  { endpoint: 'outcome update', status: 401, error: 'UNAUTHORIZED', message: 'Invalid API key' },
  {
    endpoint: 'outcome update',
    status: 403,
    error: 'FORBIDDEN',
    message: 'API Key not associated with this Questionnaire',
  },
  { endpoint: 'outcome update', status: 404, error: 'NOT_FOUND', message: 'Participant not found' },
  { endpoint: 'outcome update', status: 404, error: 'NOT_FOUND', message: 'Questionnaire not found' },
  { endpoint: 'create', status: 400, message: 'key_name is required and cannot be null or empty' },
  { endpoint: 'create', status: 400, message: 'scope is required and cannot be null or empty' },
  { endpoint: 'create', status: 401, message: 'Authorization header is required' },
  { endpoint: 'create', status: 403, message: 'You are not authorized to perform this operation' },
  { endpoint: 'delete', status: 400, message: 'API key value is required (path parameter missing or empty)' },
  { endpoint: 'delete', status: 401, message: 'Authorization header is required' },
  { endpoint: 'delete', status: 401, message: 'Invalid API key' },
  { endpoint: 'delete', status: 403, message: 'Invalid API key scope' },
  { endpoint: 'delete', status: 404, message: 'API key not found or Invalid tenant for this questionnaire' },
];

export const rowKey = (row: SpecErrorRow) => `${row.status} ${row.message}`;

/** Matches a spec message with its placeholders (<irn>, <timestamp>) against a real one. */
export const matchesSpecMessage = matchesCatalogueMessage;
