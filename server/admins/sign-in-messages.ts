// Messages of the sign-in flow that the sign-in page reacts to. Plain constants with no imports, so the
// browser bundle can share them with the server.
export const TWO_FACTOR_REQUIRED = 'Enter the code from your authenticator app';
export const WRONG_CODE = 'The code is not right, or it was already used';
/** The right temporary password (an invitation's, the first start's) after its expiry. */
export const INVITATION_EXPIRED =
  'Your invitation has expired: its temporary password no longer signs in. Ask a platform operator to invite you again.';

/** next-auth's `error` query parameter when single sign-on refused someone who is not an invited Admin. */
export const SSO_NOT_INVITED_ERROR = 'SsoNotInvited';
export const SSO_NOT_INVITED =
  'Your single sign-on account is not an Admin here. Ask a platform operator to invite your verified email address.';
