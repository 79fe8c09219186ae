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
    <nav
      aria-label="Questionnaire"
      className="-mx-4 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex gap-5">
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
