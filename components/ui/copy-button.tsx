'use client';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from './button';

/** Copies `value` to the clipboard; `label` names what is copied ("Copy API key"). */
export function CopyButton({
  value,
  label,
  size = 'sm',
}: {
  value: string;
  label: string;
  size?: 'sm' | 'md';
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success('Copied to the clipboard');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('The browser did not allow copying: select the text and copy it yourself');
    }
  }
  return (
    <Button variant="secondary" size={size} onClick={() => void copy()} aria-label={label}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
