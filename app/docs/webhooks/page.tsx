// The receiver guide for customers (the only one: the README links here). Facts the code decides, such as
// the retry delays, are read from the code, so the guide cannot drift from what the dispatcher does.
import Link from 'next/link';
import type { ReactNode } from 'react';
import {
  HEADERS_EXAMPLE,
  MANUAL_VERIFICATION,
  PAYLOAD_EXAMPLE,
  RECEIVER_EXAMPLE,
} from '@/components/webhooks/docs-snippets';
import { JITTER, RETRY_DELAYS_MS } from '@/server/webhooks/retry-schedule';
import { TEST_HEADER_NAME, TEST_HEADER_VALUE } from '@/server/webhooks/test-header';
import { PAUSED_BY_ADMIN, RECOVERY_LIMITS } from '@/server/webhooks/recovery-limits';
import { C, Code, Section } from '@/components/docs/doc-parts';
import { RESULT_TEXT_MAX, RISK_RATING_MAX_ENTRIES } from '@/server/webhooks/payload';
import { DEFAULT_SECRET_OVERLAP_HOURS, MAX_SECRET_OVERLAP_HOURS } from '@/server/webhooks/secret-overlap';
import { DELIVERY_TIMEOUT_MS } from '@/server/webhooks/delivery-timeout';
import { DOCS_PATH } from '@/server/doors/rest/docs';

export const metadata = { title: 'Result webhooks' };

const FIELDS: [string, ReactNode][] = [
  ['project_uuid', 'The questionnaire (project)'],
  [
    'callback_type',
    <>
      <C>Result Update</C>; <C>Test</C> for a test event (the Admin&apos;s “send test event” button, or yours
      through the API)
    </>,
  ],
  ['access_code', "The access code of the participant's attempt that the result belongs to"],
  ['interview_ref_num', "The participant's IRN"],
  [
    'status',
    <>
      e.g. <C>Result Published</C>, <C>Attempted - Incomplete</C>, <C>Attempted - Partial</C>,{' '}
      <C>Under_Review</C>
    </>,
  ],
  [
    'questions_risk_rating',
    <>
      One entry per question (at most {RISK_RATING_MAX_ENTRIES}): <C>sequence</C> (a string),{' '}
      <C>risk_level</C>, <C>text</C> (may be <C>null</C>), optional <C>note</C>. Texts are at most{' '}
      {RESULT_TEXT_MAX['questions_risk_rating[].sequence']} characters (<C>sequence</C>, <C>risk_level</C>)
      and {RESULT_TEXT_MAX['questions_risk_rating[].text']} characters (<C>text</C>, <C>note</C>)
    </>,
  ],
  ['overall_evaluation', 'e.g. HR, LR, G, R, DC, NC'],
  ['is_admission, is_counter_measure, is_not_complete', 'booleans'],
  ['participant_language', "The participant's language"],
  ['summary, summary_bgcolor, clear', 'Present only when the result has them'],
  ['timestamp', 'When this version of the result was published (RFC 3339, UTC)'],
];

const RECOVERED_PER_CALL = RECOVERY_LIMITS.batchSize * RECOVERY_LIMITS.batchesPerCall;

/** The webhook endpoints by API in one glance (docs/integration.md walks through them with curl). */
const STEER_BY_API = `GET    /questionnaire/v1/webhooks/endpoints                      your endpoint and its state
POST   /questionnaire/v1/webhooks/endpoints   {"url": …}         create it (201, with its secret, once)
PATCH  /questionnaire/v1/webhooks/endpoints/{id}   {"url": …}    move it
DELETE /questionnaire/v1/webhooks/endpoints/{id}                 archive it
GET    /questionnaire/v1/webhooks/endpoints/{id}/deliveries      newest first: ?state=&participant_uuid=&cursor=
GET    /questionnaire/v1/webhooks/endpoints/{id}/deliveries/{delivery_id}     with attempts and payload
POST   /questionnaire/v1/webhooks/endpoints/{id}/deliveries/{delivery_id}/retry   retry now (202)
POST   /questionnaire/v1/webhooks/endpoints/{id}/test            send a test event (202)
POST   /questionnaire/v1/webhooks/endpoints/{id}/secret/rotate   {"overlap_hours": 24}: the new secret, once
POST   /questionnaire/v1/webhooks/endpoints/{id}/secret/end-overlap   the previous secret stops signing`;

const human = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

export default function WebhookDocsPage() {
  return (
    <main className="mx-auto max-w-3xl space-y-10 px-4 py-10 text-[15px] leading-7 text-slate-700">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">
          Result webhooks: receiving and verifying them
        </h1>
        <p>
          When a participant&apos;s assessment result is published or updated, the service sends it to your
          webhook address at once, as an HTTP <C>POST</C> with a JSON body. You do not need to poll. Every
          request is signed per the{' '}
          <a className="font-medium text-brand-700 underline" href="https://www.standardwebhooks.com">
            Standard Webhooks
          </a>{' '}
          specification, so you can prove it came from us and was not changed on the way.
        </p>
        <p>
          An Admin sets the webhook per questionnaire in the web app (
          <strong>Questionnaire → Webhooks</strong>): the URL, optionally your own authentication, and there
          the signing secret (<C>whsec_…</C>) is revealed and rotated. You can also{' '}
          <a className="font-medium text-brand-700 underline" href="#steer-by-api">
            steer it yourself through the API
          </a>
          : its URL, state, deliveries, retries, test events and secret.
        </p>
        <p>
          To see a delivery arrive before real assessments happen, use a sandbox questionnaire and trigger
          test results through the API: see{' '}
          <Link className="font-medium text-brand-700 underline" href="/docs#test-your-integration">
            Test your integration
          </Link>
          .
        </p>
      </header>

      <Section id="what-we-send" title="What we send">
        <Code label="Request headers">{HEADERS_EXAMPLE}</Code>
        <p>
          Test data also carries{' '}
          <C>
            {TEST_HEADER_NAME}: {TEST_HEADER_VALUE}
          </C>
          : every delivery of a sandbox questionnaire (test results included) and every test event. A live
          result&apos;s delivery never does, and the body is the same either way.
        </p>
        <p>The body is one result event:</p>
        <Code label="Example payload">{PAYLOAD_EXAMPLE}</Code>
        <div className="relative overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Payload fields</caption>
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Field
                </th>
                <th scope="col" className="py-2 font-medium">
                  Notes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {FIELDS.map(([field, note]) => (
                <tr key={field}>
                  <td className="py-2 pr-4 align-top">
                    <C>{field}</C>
                  </td>
                  <td className="py-2">{note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          An update of a result sends the whole result again. A participant&apos;s results arrive oldest
          revision first, and an older revision never arrives after a newer one: a newer one queued while an
          older one still waits replaces it (the older one is cancelled, shown in the delivery log), and one
          queued while an older one is being sent goes as soon as that attempt ends. Different
          participants&apos; results are not ordered among themselves. An Admin&apos;s replay of an old
          delivery sends it again as it was: when two events for the same <C>access_code</C> arrive, keep the
          one with the later <C>timestamp</C>.
        </p>
      </Section>

      <Section id="verifying" title="Verifying the signature">
        <p>
          Use a Standard Webhooks library (JavaScript, Python, Go, Java, Ruby, PHP, C#, Rust and more are
          listed on standardwebhooks.com): give it your <C>whsec_…</C> secret, the <strong>raw</strong>{' '}
          request body exactly as received (not re-serialised JSON) and the headers. A complete receiver in
          Node.js (<C>npm install standardwebhooks</C>):
        </p>
        <Code label="Receiver example">{RECEIVER_EXAMPLE}</Code>
        <p>
          Run it with <C>WEBHOOK_SECRET=whsec_… node receiver.mjs</C>. What the library does, if you need to
          write it yourself:
        </p>
        <Code label="Verification algorithm">{MANUAL_VERIFICATION}</Code>
        <p>
          Reject requests whose timestamp is older than five minutes: that stops someone replaying a captured
          request later.
        </p>
      </Section>

      <Section id="answering" title="Answering, retries and de-duplication">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Answer with any <C>2xx</C> status within <strong>{DELIVERY_TIMEOUT_MS / 1000} seconds</strong> to
            acknowledge a delivery. Do the work after answering if it takes longer.
          </li>
          <li>
            Anything else (another status, a timeout, a refused connection) is retried after{' '}
            {RETRY_DELAYS_MS.map(human).join(', ')} (each up to {JITTER * 100} % later, never earlier), then
            the delivery is marked failed. An Admin can replay one delivery, or every failed delivery since a
            given time, from the delivery log; you can retry one yourself through the API (below). A test
            event is tried once.
          </li>
          <li>
            Redirects are not followed: a <C>3xx</C> counts as a failure. Point the webhook at the final
            address.
          </li>
          <li>
            <C>410 Gone</C> tells us the endpoint is gone for good: the webhook is disabled and nothing more
            is sent until it is enabled again (by an Admin, or by your recovery call below). An endpoint that
            fails every attempt for days is disabled the same way.
          </li>
          <li>
            A retry or a replay carries the{' '}
            <strong>
              same <C>webhook-id</C>
            </strong>
            . Store the ids you have processed and ignore a repeat: a delivery can arrive twice (for example
            when your <C>2xx</C> was lost on the way back).
          </li>
        </ul>
      </Section>

      <Section id="recovering" title="Recovering missed deliveries">
        <p>
          When your receiver was down past the retry schedule, or answered <C>410 Gone</C>, get what it missed
          with an API key holding the <C>webhook:write</C> scope (an Admin grants it):
        </p>
        <Code label="Recover since a time">{`POST /questionnaire/v1/webhooks/recover
{"since": "2026-11-20T08:00:00Z"}

202 {"queued": 3, "has_more": false}`}</Code>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            It enables the webhook again if it was disabled automatically, and queues every delivery missed at
            or after <C>since</C>, once each and oldest first. A delivery that gave up comes again with its{' '}
            <strong>
              original <C>webhook-id</C>
            </strong>
            ; a result published while the webhook was disabled comes for the first time (only its latest
            version).
          </li>
          <li>
            A result version your endpoint already acknowledged is <strong>never sent again</strong>, also
            long after we removed the record of its delivery.
          </li>
          <li>
            One call queues at most {RECOVERED_PER_CALL.toLocaleString('en')}. When <C>has_more</C> is{' '}
            <C>true</C>, call again with the same <C>since</C>; calling again is always safe (nothing is
            queued twice).
          </li>
          <li>
            A webhook <strong>an Admin paused</strong> stays paused: the call answers <C>409</C> with{' '}
            <C>{PAUSED_BY_ADMIN}</C> and changes nothing. Ask the Admin to enable it; the Admin decides
            whether what was held back is sent.
          </li>
        </ul>
      </Section>

      <Section id="rotation" title="Rotating the secret">
        <p>
          When an Admin rotates the signing secret, every delivery is signed with both the new and the
          previous secret for {DEFAULT_SECRET_OVERLAP_HOURS} hours (two <C>v1,…</C> entries in{' '}
          <C>webhook-signature</C>, separated by a space). Verification succeeds when any one matches, so
          switch your receiver to the new secret within that day and nothing is lost. Rotating through the API
          (below) lets you choose the overlap (<C>overlap_hours</C>, 0 to {MAX_SECRET_OVERLAP_HOURS}) and end
          it as soon as your receiver has switched.
        </p>
      </Section>

      <Section id="steer-by-api" title="Steering your webhook through the API">
        <p>
          With an API key holding <C>webhook:write</C> (<C>webhook:read</C> to read only; an Admin grants
          them) you manage the questionnaire&apos;s webhook endpoint yourself. A questionnaire sends to one
          endpoint. The{' '}
          <a className="font-medium text-brand-700 underline" href={DOCS_PATH}>
            API reference
          </a>{' '}
          lists every field and answer.
        </p>
        <Code label="Webhook endpoints by API">{STEER_BY_API}</Code>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            The endpoint shows its <C>state</C> (<C>healthy</C>, <C>failing</C>, <C>disabled</C> and why),
            failures in a row and the last failure, never a secret. The signing secret is shown once: in the
            answer that creates the endpoint or rotates its secret.
          </li>
          <li>
            <strong>Retry now</strong> sends a delivery that is waiting to retry, or gave up, within a second
            with its original <C>webhook-id</C>, also while the endpoint is failing; a failed extra attempt
            keeps the delivery&apos;s next retry as it was.
          </li>
          <li>
            A <strong>test event</strong> is a signed delivery with <C>callback_type</C> <C>Test</C>: it
            changes no data, is tried once, and is never sent again by a recovery.
          </li>
        </ul>
      </Section>

      <Section id="authentication" title="Your own authentication (optional)">
        <p>Besides the signature, a delivery can carry your own credentials:</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Static header</strong>: a header name and value you choose, e.g. <C>X-Api-Key: …</C>.
          </li>
          <li>
            <strong>OAuth2 client credentials</strong>: we request a token from your token URL (
            <C>grant_type=client_credentials</C> with <C>client_id</C>, <C>client_secret</C>, and{' '}
            <C>audience</C> / <C>scope</C> when set, form-encoded in the body), send it as{' '}
            <C>Authorization: Bearer …</C>, and reuse it until shortly before it expires. A <C>401</C> answer
            makes us fetch a new token for the next attempt.
          </li>
        </ul>
        <p>Header values and client secrets are stored encrypted.</p>
      </Section>

      <Section id="addresses" title="Addresses we send to">
        <p>
          Webhook and token URLs must use <C>https</C> and resolve to public internet addresses. Private,
          loopback, link-local, carrier-grade NAT and cloud-metadata addresses are refused when the URL is
          saved and again at every delivery (the address is resolved at send time and the connection is made
          to the address that was checked).
        </p>
      </Section>
    </main>
  );
}
