// Documentation for customers' developers: where the references are, and the "Test your integration"
// walk-through (sandbox, participant, test result, signature, feed). The commands are in
// components/docs/integration-snippets.ts; the sandbox's rules are the code's (key prefixes, scopes).
import Link from 'next/link';
import { C, Code, Section } from '@/components/docs/doc-parts';
import {
  CREATE_PARTICIPANT,
  ENVIRONMENT,
  FEED_ANSWER,
  FEED_FIRST,
  FEED_NEXT,
  RECEIVER_OUTPUT,
  RUN_RECEIVER,
  SETUP_CLI,
  SET_PARTICIPANT,
  TRIGGER_ANSWER,
  TRIGGER_CUSTOM,
  TRIGGER_DEFAULT,
  TYPED_CLIENT,
} from '@/components/docs/integration-snippets';
import { API_KEY_PREFIX, SANDBOX_API_KEY_PREFIX } from '@/server/api-keys/secret';
import { DOCS_PATH } from '@/server/doors/rest/docs';
import { FEED_PAGE_SIZE_TEXT } from '@/server/results/feed-page-size';
import { RESULT_LIMITS_TEXT } from '@/server/webhooks/payload';

export const metadata = { title: 'Developer documentation' };

const link = 'font-medium text-brand-700 underline';

export default function DocsPage() {
  return (
    <main className="mx-auto max-w-3xl space-y-10 px-4 py-10 text-[15px] leading-7 text-slate-700">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Developer documentation</h1>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <a className={link} href={DOCS_PATH}>
              REST API reference
            </a>{' '}
            (OpenAPI 3.1, try requests in the browser; a typed TypeScript client is in the <C>client/</C>{' '}
            folder of the service&apos;s repository).
          </li>
          <li>
            <Link className={link} href="/docs/webhooks">
              Result webhooks
            </Link>
            : what we send, how to verify the signature, retries; and{' '}
            <Link className={link} href="/docs/webhooks#steer-by-api">
              steering your webhook through the API
            </Link>{' '}
            (<C>/v1/webhooks/endpoints</C>: its URL, state and deliveries, retry now, test events, secret
            rotation).
          </li>
          <li>
            <a className={link} href="#test-your-integration">
              Test your integration
            </a>
            : make a result happen and watch it arrive, without waiting for a real assessment.
          </li>
          <li>
            <a className={link} href="#identifiers">
              Participant identifiers
            </a>
            : which reference numbers are refused, and which count as the same.
          </li>
        </ul>
      </header>

      <Section id="identifiers" title="Participant identifiers">
        <p>
          A participant&apos;s <C>interview_ref_num</C> (IRN) and <C>external_ref_id</C> name them in the web
          app, in exports and in webhooks, so two of them must never look alike. A new participant (through
          the API or a CSV import) is refused with <C>400</C> and a message naming the field when one of them
          holds:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            an invisible or text-direction character: zero-width spaces and joiners, the byte-order mark
            inside the value, soft hyphens, right-to-left and left-to-right marks, embeddings, overrides and
            isolates, variation selectors, Hangul fillers (Unicode&apos;s format characters and
            default-ignorable code points);
          </li>
          <li>
            letters of more than one of the Latin, Greek and Cyrillic alphabets, such as a Cyrillic <C>І</C>{' '}
            in <C>IRN-1</C>. One of these alphabets alone, and any of them with other scripts (Chinese,
            Arabic, …) and digits, is fine.
          </li>
        </ul>
        <p>
          IRNs are unique per questionnaire also in their compatibility forms: <C>ＩＲＮ-1</C> (full-width)
          and <C>IRN-1</C> are the same IRN (compared by their Unicode NFKC form), so the second one gets the
          duplicate-IRN error. Each is stored and sent back exactly as you sent it. Not caught: a value
          written wholly in one alphabet that looks like a value in another (all-Cyrillic <C>АВС</C> and Latin{' '}
          <C>ABC</C>), and characters that look alike within one script (<C>0</C> and <C>O</C>).
        </p>
      </Section>

      <Section id="test-your-integration" title="Test your integration">
        <p>
          A <strong>sandbox questionnaire</strong> behaves exactly like a live one (same validation, same
          webhooks, same signatures), and in addition lets you trigger a participant&apos;s result whenever
          you like. Its API keys start with <C>{SANDBOX_API_KEY_PREFIX}</C> instead of <C>{API_KEY_PREFIX}</C>
          ; a sandbox key never works on a live questionnaire nor a live key on a sandbox (<C>403</C>), so
          test traffic cannot reach production data.
        </p>
        <p>
          Send the key in the <C>Authorization</C> header, as it is (<C>Authorization: pais_live_…</C>) or
          after <C>Bearer</C> (<C>Authorization: Bearer pais_live_…</C>); nothing else is read. Which
          questionnaire and tenant a key belongs to (the <C>tenant_id</C> the key paths need), its scopes,
          mode and expiry: <C>GET /v1/me</C> with the key.
        </p>

        <h3 className="pt-2 font-semibold text-slate-900">1. Get a sandbox</h3>
        <p>
          An operator creates it in the web app: <strong>New questionnaire</strong>, tick{' '}
          <strong>Sandbox questionnaire</strong> (it shows a <em>Sandbox</em> badge everywhere). An Admin of
          it then creates an API key with <C>participant:write</C> and <C>participant:read</C> (
          <strong>API keys</strong>), and sets your webhook URL and reveals its <C>whsec_…</C> signing secret
          (<strong>Webhooks</strong>), or grants your key <C>webhook:write</C> so that you create the webhook
          endpoint yourself (<C>POST /v1/webhooks/endpoints</C>, which shows the secret once). The same from
          the command line:
        </p>
        <Code label="Sandbox setup with the CLI">{SETUP_CLI}</Code>
        <p>Then, in your shell:</p>
        <Code label="Environment">{ENVIRONMENT}</Code>

        <h3 className="pt-2 font-semibold text-slate-900">2. Create a participant</h3>
        <Code label="Create a participant">{CREATE_PARTICIPANT}</Code>
        <Code label="Remember the participant">{SET_PARTICIPANT}</Code>

        <h3 className="pt-2 font-semibold text-slate-900">3. Run your receiver</h3>
        <p>
          Save the{' '}
          <Link className={link} href="/docs/webhooks#verifying">
            receiver example
          </Link>{' '}
          as <C>receiver.mjs</C> (or run your own) where the webhook URL points, and start it with the signing
          secret:
        </p>
        <Code label="Start the receiver">{RUN_RECEIVER}</Code>
        <p>
          A receiver on your own machine needs a deployment that may call it: one started with{' '}
          <C>WEBHOOK_ALLOW_PRIVATE_URLS=true</C> (development only) and the webhook URL{' '}
          <C>http://127.0.0.1:8080/</C>. Otherwise expose the receiver at a public <C>https</C> address.
        </p>

        <h3 className="pt-2 font-semibold text-slate-900">4. Trigger a test result</h3>
        <p>
          No body is needed: the participant gets a complete sample result. The answer (status <C>202</C>)
          lists the <C>webhook-id</C> of each delivery queued (none when no webhook is set):
        </p>
        <Code label="Trigger a test result">{TRIGGER_DEFAULT}</Code>
        <Code label="Answer">{TRIGGER_ANSWER}</Code>
        <p>
          Send any subset of the result&apos;s fields (<C>status</C>, <C>overall_evaluation</C>,{' '}
          <C>questions_risk_rating</C>, <C>summary</C>, …) to test how your receiver handles them; they are
          validated exactly like real results. Triggering again updates the participant&apos;s result, as a
          re-published real one does:
        </p>
        <p>{RESULT_LIMITS_TEXT}</p>
        <Code label="Trigger a test result with chosen fields">{TRIGGER_CUSTOM}</Code>

        <h3 className="pt-2 font-semibold text-slate-900">5. Verify the signature</h3>
        <p>
          Each delivery arrives signed with your secret, its <C>webhook-id</C> header equal to a{' '}
          <C>message_ids</C> entry of the answer above. The receiver example verifies it and prints:
        </p>
        <Code label="Receiver output">{RECEIVER_OUTPUT}</Code>
        <p>
          Start the receiver with a wrong secret to see a refusal: it answers <C>400</C>, and the delivery is
          retried on the schedule (the Admin&apos;s delivery log shows every attempt). Triggering with a live
          key answers <C>403</C>.
        </p>

        <h3 className="pt-2 font-semibold text-slate-900">6. Reconcile with the results feed</h3>
        <p>
          Webhooks can be missed (your receiver was down past the last retry). The feed lists the current
          result of every participant, in the webhook payload&apos;s shape plus <C>participant_uuid</C> and{' '}
          <C>updated_at</C>, oldest first. Start with <C>updated_since</C> (RFC 3339), then follow{' '}
          <C>next_cursor</C> while <C>has_more</C> is true; store the last <C>next_cursor</C> and poll with it
          later. Nothing is skipped or repeated across pages, whatever is published meanwhile; a result
          published again moves to the end. A page holds at most {FEED_PAGE_SIZE_TEXT} of JSON, so it may end
          before <C>limit</C> results with <C>has_more</C> true: keep following <C>next_cursor</C>. A single
          result larger than that comes alone on its page.
        </p>
        <Code label="Read the feed">{FEED_FIRST}</Code>
        <Code label="Feed answer">{FEED_ANSWER}</Code>
        <Code label="Continue, and read one participant">{FEED_NEXT}</Code>

        <h3 className="pt-2 font-semibold text-slate-900">The same with the typed client</h3>
        <Code label="Typed client">{TYPED_CLIENT}</Code>
        <p>
          When everything works, ask for a live questionnaire and its <C>{API_KEY_PREFIX}</C> key: nothing
          else changes, except that results then come from real assessments only.
        </p>
      </Section>
    </main>
  );
}
