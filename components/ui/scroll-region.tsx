'use client';
// A table's sideways scroll box. While its content is wider than the box, a keyboard user must be able to
// scroll it even when nothing inside can take focus (axe: scrollable-region-focusable): it is then a named,
// focusable region. While everything fits it is neither, so it adds no needless tab stop.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  /** Names the region for assistive technology, e.g. the table's caption. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Observing reports the first size at once, then every change of the box or of the table in it.
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
      {...(scrolls && { role: 'region', 'aria-label': label, tabIndex: 0 })}
    >
      {children}
    </div>
  );
}
