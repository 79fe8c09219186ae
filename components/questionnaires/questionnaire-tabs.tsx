import { NavLink } from '@/components/layout/nav-link';

/** The questionnaire's sections. "Webhooks" is built by the webhook feature at /webhooks. */
export function QuestionnaireTabs({ questionnaireId }: { questionnaireId: string }) {
  const base = `/admin/questionnaires/${questionnaireId}`;
  const tabs = [
    { href: base, label: 'Overview', exact: true },
    { href: `${base}/participants`, label: 'Participants' },
    { href: `${base}/api-keys`, label: 'API keys' },
    { href: `${base}/blocked-numbers`, label: 'Call-blocking' },
    { href: `${base}/webhooks`, label: 'Webhooks' },
    { href: `${base}/settings`, label: 'Settings' },
    { href: `${base}/audit`, label: 'Audit log' },
  ];
  return (
    // The tabs wrap onto a second row on a phone rather than scroll out of sight, and nothing clips the
    // focus ring (a scrolling strip cut it off).
    <nav aria-label="Questionnaire" className="border-b border-slate-200">
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <NavLink href={tab.href} exact={tab.exact} variant="tab">
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
