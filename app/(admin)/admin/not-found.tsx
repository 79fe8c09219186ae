import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';

export default function AdminNotFound() {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <PageTitle title="Page not found · Assessment Integration" />
      <h1 className="text-lg font-semibold text-slate-900">Page not found</h1>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">
        This page does not exist, or you do not have access to it.
      </p>
      <div className="mt-4">
        <ButtonLink href="/admin">Back to questionnaires</ButtonLink>
      </div>
    </div>
  );
}
