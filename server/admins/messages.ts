// The Admin-account messages more than one module raises, each written once (the sign-in flow's own are in
// sign-in-messages.ts, which the browser shares). It imports nothing, so any module can import it.
export const ADMIN_MESSAGES = {
  adminNotFound: 'Admin not found',
} as const;
