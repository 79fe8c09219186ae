const LABEL = { us: 'US region', uk: 'UK region' } as const;

export function RegionBadge({ region }: { region: 'us' | 'uk' }) {
  return (
    <span
      className="rounded-full border border-brand-100 bg-brand-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-brand-700"
      title={LABEL[region]}
      aria-label={LABEL[region]}
    >
      {region}
    </span>
  );
}
