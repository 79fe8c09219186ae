'use client';
import { useEffect } from 'react';

/**
 * Sets the document's title from a page that cannot export metadata (a not-found page inherits the title of
 * the layout it renders in).
 */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
