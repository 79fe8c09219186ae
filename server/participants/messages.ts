// The spec's wording of the participant errors (interface-spec.md, byte for byte): the participant services
// throw AppErrors with these messages, and the REST door answers them as they are.
export const MESSAGES = {
  participantNotFound: 'Participant not found',
  projectNotFound: 'Project not found',
  notAssociated: 'API Key not associated with this Questionnaire',
  irnEmpty: 'IRN cannot be empty.',
  irnChanged: 'In Retake Participant Interview Reference number can not be changed.',
  invalidEmail: 'Invalid email format',
  retakeFailed: 'Failed to update participant for retake',
  outcomeFailed: 'Failed to update outcome tracking',
  duplicateIrn: (irn: string) =>
    `Error: Duplicate IRN. IRN number ${irn} has already been assigned to another participant.`,
} as const;
