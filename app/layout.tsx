import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Participant Assessment Integration Service', template: '%s · Assessment Integration' },
  description: 'Enrol participants in risk-assessment questionnaires and receive their results.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, never prerendered: Next.js puts the request's CSP nonce (proxy.ts) on
  // its scripts while rendering, and a page built ahead of time would carry none, so the browser would block it.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
