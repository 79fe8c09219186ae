'use client';
// A session that ended while an Admin page was open (signed out everywhere from another browser, ended by an
// operator, past its lifetime) must not cost what the Admin typed. A refused save never leaves the page: the
// form keeps its fields and says so (errorMessage in components/ui/errors.ts). A query refused meanwhile (a
// list refreshing in the background) goes to the sign-in page only while nothing was typed on this page;
// otherwise a notice stays up with a link that signs in again in another tab.
import { toast } from 'sonner';

/** The notice of a query refused for lack of a session on a page where something was typed. */
const SESSION_ENDED_NOTICE =
  'Your session ended. Sign in again in another tab; what you typed on this page is kept.';

let typedOnThisPage = false;

/** Notes typing into any field of the page; returns the clean-up for an effect. */
export function watchTyping(): () => void {
  const typed = () => {
    typedOnThisPage = true;
  };
  document.addEventListener('input', typed, true);
  return () => document.removeEventListener('input', typed, true);
}

/** A new page (a client-side navigation): nothing typed on it yet. */
export function forgetTyping(): void {
  typedOnThisPage = false;
}

function signInPath(): string {
  const here = window.location.pathname + window.location.search;
  return `/login?callbackUrl=${encodeURIComponent(here)}`;
}

/** A query found the session gone: to the sign-in page and back, unless that would lose typed text. */
export function sessionEndedOnQuery(): void {
  if (!typedOnThisPage) {
    window.location.assign(signInPath());
    return;
  }
  toast.error(SESSION_ENDED_NOTICE, {
    id: 'session-ended',
    duration: Infinity,
    action: { label: 'Sign in', onClick: () => window.open(signInPath(), '_blank') },
  });
}
