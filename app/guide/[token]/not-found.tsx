export default function GuideNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-semibold text-slate-900">Guide not found</h1>
      <p className="mt-2 text-slate-700">
        This participant guide link is not valid. Please check the link you received, or ask the organisation
        that invited you for a new one.
      </p>
    </main>
  );
}
