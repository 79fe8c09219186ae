// GET /v1/results and GET /v1/participant/{participant_uuid}/result (our extensions) through the typed client
// against the real REST door, with results published by the same service the engine's ingestion uses.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '@/client/index';
import { generateAccessCode, randomToken } from '@/server/platform/lib/secrets';
import { publishResult } from '@/server/results/results';
import { longestRating, sampleResult } from '@/server/test/webhook-fixtures';
import { RESULT_TEXT_MAX } from '@/server/webhooks/payload';
import { FEED_PAGE_BYTES } from '@/server/results/feed-page-size';
import { testDatabaseKinds } from '@/server/test/database';
import { documentedClient, useRestHarness } from '@/server/test/rest-harness';

describe.each(testDatabaseKinds())('the results feed on %s', (kind) => {
  const h = useRestHarness(kind);
  let n = 0;

  const clientWith = (apiKey: string): ServiceClient => documentedClient(h, apiKey);

  /** A questionnaire with a key and `count` participants on their first attempt. */
  const setup = async (count: number) => {
    const q = await h.seed();
    const key = (await h.createKey(q.questionnaireId)).value;
    const participants: string[] = [];
    for (let i = 0; i < count; i++) {
      const p = await h.db.prisma.participant.create({
        data: {
          questionnaireId: q.questionnaireId,
          irn: `FEED-${++n}`,
          attempts: { create: { number: 1, accessCode: generateAccessCode(), guideToken: randomToken(24) } },
        },
      });
      participants.push(p.id);
    }
    return { q, key, client: clientWith(key), participants };
  };
  const publish = (participantId: string, status = 'Result Published', now?: Date) =>
    publishResult(h.db.prisma, { participantId, result: sampleResult({ status }), source: 'engine', now });

  type Client = ServiceClient;
  const page = async (client: Client, query: { cursor?: string; limit?: number; updated_since?: string }) => {
    const { data, error, response } = await client.GET('/v1/results', { params: { query } });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(response.status).toBe(200);
    return data!;
  };
  /** Every page from `cursor` until has_more is false: the results read and the cursor to poll from. */
  const readAll = async (client: Client, cursor?: string, limit = 3) => {
    const seen: { participant_uuid: string; status: string }[] = [];
    let next = cursor;
    for (;;) {
      const data = await page(client, { ...(next ? { cursor: next } : {}), limit });
      seen.push(...data.results);
      next = data.next_cursor;
      if (!data.has_more) return { seen, cursor: next };
    }
  };

  it('pages through the current results oldest first, then polls only what came later', async () => {
    const { client, participants, q } = await setup(7);
    for (const id of participants.slice(0, 5)) await publish(id);
    const first = await page(client, { limit: 2 });
    expect(first.results.map((r) => r.participant_uuid)).toEqual(participants.slice(0, 2));
    expect(first.has_more).toBe(true);
    const all = await readAll(client, undefined, 2);
    expect(all.seen.map((r) => r.participant_uuid)).toEqual(participants.slice(0, 5));
    // Each entry is the webhook payload plus participant_uuid and updated_at.
    expect(first.results[0]).toMatchObject({
      ...sampleResult(),
      project_uuid: q.questionnaireId,
      callback_type: 'Result Update',
      participant_uuid: participants[0],
    });
    expect(first.results[0]!.updated_at).toBe(first.results[0]!.timestamp);

    // Nothing new: an empty page whose cursor stays put.
    const idle = await page(client, { cursor: all.cursor });
    expect(idle).toEqual({ results: [], next_cursor: all.cursor, has_more: false });
    // A result published again moves to the end with its new state; a new one follows.
    await publish(participants[1]!, 'Under_Review');
    await publish(participants[6]!);
    const later = await readAll(client, all.cursor);
    expect(later.seen.map((r) => [r.participant_uuid, r.status])).toEqual([
      [participants[1], 'Under_Review'],
      [participants[6], 'Result Published'],
    ]);
    // From the start each participant appears once, with its current result.
    const fresh = await readAll(client);
    expect(fresh.seen.map((r) => r.participant_uuid)).toEqual([
      participants[0],
      participants[2],
      participants[3],
      participants[4],
      participants[1],
      participants[6],
    ]);
  });

  it('filters by updated_since, leaves out erased participants and other questionnaires', async () => {
    const { client, participants } = await setup(4);
    const other = await setup(1);
    await publish(other.participants[0]!);
    await publish(participants[0]!, 'old', new Date('2026-01-01T00:00:00Z'));
    await publish(participants[1]!, 'new', new Date('2026-06-01T00:00:00Z'));
    await publish(participants[2]!, 'newer', new Date('2026-07-01T00:00:00Z'));
    await h.db.prisma.participant.update({ where: { id: participants[2]! }, data: { erasedAt: new Date() } });
    const since = await page(client, { updated_since: '2026-05-31T23:00:00-01:00' });
    expect(since.results.map((r) => r.participant_uuid)).toEqual([participants[1]]);
    expect(since.results[0]!.updated_at).toBe('2026-06-01T00:00:00Z');
    // The cursor of a filtered page is past everything it looked at: polling from it repeats nothing.
    await publish(participants[3]!, 'latest');
    const polled = await page(client, { cursor: since.next_cursor });
    expect(polled.results.map((r) => r.participant_uuid)).toEqual([participants[3]]);
  });

  describe('cut by bytes', () => {
    // 2000 characters of which JSON makes 6500 bytes (a control character, a two- and a three-byte letter, a
    // quote): the longest text a rating may have, escaped as much as text can be.
    const heavyText = '\u0001é"€'.repeat(RESULT_TEXT_MAX['questions_risk_rating[].text'] / 4);
    const heavyResult = (entries: number) =>
      sampleResult({
        questions_risk_rating: Array.from({ length: entries }, (_, i) => ({
          ...longestRating(),
          sequence: String(i + 1),
          text: heavyText,
          note: heavyText,
        })),
      });
    const publishData = (participantId: string, result: ReturnType<typeof sampleResult>) =>
      publishResult(h.db.prisma, { participantId, result, source: 'engine' });
    /** Every page from the start at the largest limit, with its body's size in bytes. */
    const readAllPages = async (key: string) => {
      const pages: { bytes: number; ids: string[]; hasMore: boolean }[] = [];
      let cursor = '';
      for (;;) {
        const res = await h.call('GET', `/v1/results?limit=1000${cursor && `&cursor=${cursor}`}`, { key });
        expect(res.status).toBe(200);
        const body = res.body as {
          results: { participant_uuid: string }[];
          next_cursor: string;
          has_more: boolean;
        };
        pages.push({
          bytes: Buffer.byteLength(res.text),
          ids: body.results.map((r) => r.participant_uuid),
          hasMore: body.has_more,
        });
        cursor = body.next_cursor;
        if (!body.has_more) return pages;
      }
    };

    it('keeps each page within FEED_PAGE_BYTES, fills it, and a cursor-following reader sees every result once', async () => {
      const { key, participants } = await setup(45);
      // About 3 MB of results, large and small mixed, so that pages end by bytes long before the limit.
      for (const [i, id] of participants.entries())
        await publishData(id, i % 3 === 2 ? sampleResult() : heavyResult(5 + (i % 5)));
      const pages = await readAllPages(key);
      expect(pages.length).toBeGreaterThan(2);
      for (const [i, page] of pages.entries()) {
        expect(page.bytes).toBeLessThanOrEqual(FEED_PAGE_BYTES);
        if (!page.hasMore) continue;
        expect(page.ids.length).toBeLessThan(1000);
        // Cut where the next result would not have fitted, not earlier: the bound the database adds up is
        // close to the real size.
        const next = await h.call('GET', `/v1/participant/${pages[i + 1]!.ids[0]}/result`, { key });
        expect(page.bytes + Buffer.byteLength(next.text) + 1).toBeGreaterThan(FEED_PAGE_BYTES * 0.99);
      }
      expect(pages.flatMap((page) => page.ids)).toEqual(participants);
    });

    it('returns a result larger than a page alone, so a reader still gets past it', async () => {
      const { key, participants } = await setup(3);
      await publishData(participants[0]!, sampleResult());
      // Larger than a page: the publishing limits allow it (1000 ratings), though no request body holds it.
      await publishData(participants[1]!, heavyResult(170));
      await publishData(participants[2]!, sampleResult());
      const pages = await readAllPages(key);
      expect(pages.map((page) => page.ids)).toEqual([
        [participants[0]],
        [participants[1]],
        [participants[2]],
      ]);
      expect(pages[1]!.bytes).toBeGreaterThan(FEED_PAGE_BYTES);
      expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);
    });
  });

  it('answers bad parameters with the participant error shape', async () => {
    const { client } = await setup(0);
    const cases: [Record<string, unknown>, string][] = [
      [
        { updated_since: 'yesterday' },
        'Invalid updated_since format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
      ],
      [{ limit: 0 }, 'limit must be a whole number from 1 to 1000'],
      [{ limit: 1001 }, 'limit must be a whole number from 1 to 1000'],
      [{ limit: 'ten' }, 'limit must be a whole number from 1 to 1000'],
      [{ cursor: 'not a cursor' }, 'Invalid cursor'],
      [{ cursor: Buffer.from('x42').toString('base64url') }, 'Invalid cursor'],
    ];
    for (const [query, message] of cases) {
      const { error, response } = await client.GET('/v1/results', { params: { query: query as never } });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(error).toMatchObject({ error: 'BAD_REQUEST', status: 400, message });
    }
  });

  it('needs participant:read', async () => {
    const q = await h.seed();
    const writeOnly = clientWith((await h.createKey(q.questionnaireId, ['participant:write'])).value);
    const { error } = await writeOnly.GET('/v1/results');
    expect(error).toMatchObject({ status: 403, message: 'Invalid API key scope' });
  });

  describe('GET /v1/participant/{participant_uuid}/result', () => {
    const get = (client: Client, id: string) =>
      client.GET('/v1/participant/{participant_uuid}/result', { params: { path: { participant_uuid: id } } });

    it('is 404 Result not found before the first result, then the current one (also after a retake)', async () => {
      const { client, participants } = await setup(1);
      const id = participants[0]!;
      expect((await get(client, id)).error).toMatchObject({ status: 404, message: 'Result not found' });
      await publish(id, 'first');
      const first = await get(client, id);
      expect(first.data).toMatchObject({ participant_uuid: id, status: 'first' });
      expect((await page(client, {})).results[0]).toEqual(first.data);
      await h.db.prisma.attempt.create({
        data: { participantId: id, number: 2, accessCode: generateAccessCode(), guideToken: randomToken(24) },
      });
      await publish(id, 'second');
      const second = await get(client, id);
      expect(second.data).toMatchObject({ status: 'second' });
      expect(second.data!.access_code).not.toBe(first.data!.access_code);
      expect((await readAll(client)).seen.map((r) => r.status)).toEqual(['second']);
    });

    it('404 for an unknown participant, 403 for another questionnaire’s, 400 for a malformed id', async () => {
      const { client } = await setup(0);
      const other = await setup(1);
      expect((await get(client, randomUUID())).error).toMatchObject({
        status: 404,
        message: 'Participant not found',
      });
      expect((await get(client, other.participants[0]!)).error).toMatchObject({
        status: 403,
        message: 'API Key not associated with this Questionnaire',
      });
      expect((await get(client, 'abc')).error).toMatchObject({
        status: 400,
        message: 'Invalid participant_uuid format',
      });
    });
  });

  describe('under concurrent publishing', () => {
    it('a reader following the cursor sees every result exactly once', { timeout: 120_000 }, async () => {
      const publishers = 6;
      const perPublisher = 12;
      const { client, participants } = await setup(publishers * perPublisher);
      let publishing = true;
      let pages = 0;
      const published = Promise.all(
        Array.from({ length: publishers }, async (_, p) => {
          for (let i = 0; i < perPublisher; i++) {
            // Halfway, each publisher waits for the reader to have read two pages, so the reader pages while
            // results are being published however slow the machine is (not by luck of timing).
            if (i === perPublisher / 2)
              await expect.poll(() => pages, { timeout: 60_000 }).toBeGreaterThan(1);
            // Timestamps deliberately out of order: the feed's order is the order of commit.
            const now = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 86_400_000));
            await publish(participants[p * perPublisher + i]!, 'Result Published', now);
            await new Promise((resolve) => setTimeout(resolve, 2));
          }
        }),
      ).finally(() => {
        publishing = false;
      });
      const seen: string[] = [];
      let cursor: string | undefined;
      while (publishing) {
        // Let the publishers move on between pages (PGlite runs one statement at a time).
        await new Promise((resolve) => setTimeout(resolve, 5));
        const data = await page(client, { ...(cursor ? { cursor } : {}), limit: 5 });
        seen.push(...data.results.map((r) => r.participant_uuid));
        cursor = data.next_cursor;
        pages++;
      }
      await published;
      const seenWhilePublishing = seen.length;
      const rest = await readAll(client, cursor, 5);
      seen.push(...rest.seen.map((r) => r.participant_uuid));
      // The reader really did page while results were being published.
      expect(pages).toBeGreaterThan(1);
      expect(seenWhilePublishing).toBeGreaterThan(0);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...participants].sort());
    });

    it.skipIf(kind === 'pglite')(
      'a result that commits late with an earlier timestamp is not skipped (the later one waits for it)',
      async () => {
        const { client, participants } = await setup(2);
        const [early, late] = participants as [string, string];
        const start = await page(client, {});
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let publishedInTransaction!: () => void;
        const inside = new Promise<void>((resolve) => (publishedInTransaction = resolve));
        // A: publishes with the earlier timestamp and stays uncommitted for a while.
        const a = h.db.prisma.$transaction(
          async (tx) => {
            await publishResult(tx, {
              participantId: early,
              result: sampleResult({ status: 'A' }),
              source: 'engine',
              now: new Date('2026-01-01T00:00:00Z'),
            });
            publishedInTransaction();
            await held;
          },
          { timeout: 20_000 },
        );
        await inside;
        // B: a later timestamp, published while A is open. It takes its position only after A commits.
        let bDone = false;
        const b = publish(late, 'B', new Date('2026-01-02T00:00:00Z')).then(() => {
          bDone = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(bDone).toBe(false);
        const during = await page(client, { cursor: start.next_cursor });
        expect(during.results).toEqual([]);
        release();
        await Promise.all([a, b]);
        const after = await readAll(client, during.next_cursor);
        expect(after.seen.map((r) => [r.participant_uuid, r.status])).toEqual([
          [early, 'A'],
          [late, 'B'],
        ]);
      },
    );
  });
});
