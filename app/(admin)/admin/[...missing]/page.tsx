import { notFound } from 'next/navigation';

// An address under /admin that matches no page: the Admin app's own "not found" page (admin/not-found.tsx),
// inside its layout, instead of the framework's bare one.
export default function MissingAdminPage() {
  notFound();
}
