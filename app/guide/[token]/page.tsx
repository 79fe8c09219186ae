// The public participant guide (the target of particpant_guide_link): how to take the assessment. It shows
// the questionnaire's name, the access code, the number to call and the instructions, nothing else personal.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getPrisma } from '@/server/platform/db';
import { getParticipantGuide } from '@/server/participants/guide';
import { guideLabels } from './guide-labels';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Participant guide',
  // The link is personal: keep it out of search engines and out of other sites' Referer headers.
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

export default async function GuidePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const guide = await getParticipantGuide(getPrisma(), token);
  if (!guide) notFound();
  // The page speaks the language of the instructions it shows (or English, when there are none).
  const words = guideLabels(guide.instructions ? guide.instructionsLanguage : null);

  return (
    <main lang={words.lang} className="mx-auto max-w-xl px-4 py-12">
      <p className="text-sm font-medium text-slate-500">{words.guide}</p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">{guide.questionnaireName}</h1>

      {guide.isCurrent ? (
        <>
          <section className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-sm font-medium text-slate-500">{words.accessCode}</h2>
            <p className="mt-2 font-mono text-3xl tracking-widest text-slate-900" data-testid="access-code">
              {guide.accessCode}
            </p>
            <h2 className="mt-6 text-sm font-medium text-slate-500">{words.numberToCall}</h2>
            {guide.phoneNumber ? (
              <p className="mt-2 text-xl">
                <a
                  className="text-brand-600 underline"
                  href={`tel:${guide.phoneNumber.replace(/[^+\d]/g, '')}`}
                  data-testid="phone-number"
                >
                  {guide.phoneNumber}
                </a>
              </p>
            ) : (
              <p className="mt-2 text-slate-700">{words.numberLater}</p>
            )}
          </section>
          <section className="mt-8">
            <h2 className="text-lg font-semibold text-slate-900">{words.instructions}</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700" data-testid="instructions">
              {guide.instructions ?? words.defaultInstructions}
            </p>
          </section>
        </>
      ) : (
        <section className="mt-8 rounded-lg border border-amber-200 bg-amber-50 p-6" role="status">
          <p className="text-slate-800">{words.replaced}</p>
        </section>
      )}
    </main>
  );
}
