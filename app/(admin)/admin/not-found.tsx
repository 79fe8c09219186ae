import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function AdminNotFound() {
  return (
    <EmptyState title="Not found" action={<ButtonLink href="/admin">Back to questionnaires</ButtonLink>}>
      This page does not exist, or you do not have access to it.
    </EmptyState>
  );
}
