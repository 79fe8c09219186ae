export const metadata = { title: 'Admin' };

export default function AdminHome() {
  return (
    <section aria-labelledby="admin-title" className="space-y-4">
      <h1 id="admin-title" className="text-2xl font-semibold tracking-tight">
        Admin
      </h1>
      <p className="max-w-prose text-slate-600">
        Manage questionnaires, API keys, participants, call-blocking and result webhooks.
      </p>
    </section>
  );
}
