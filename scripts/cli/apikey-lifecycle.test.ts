// The key lifecycle and the CSV import as an operator runs them (child processes on a real database, on each
// database the tests run on).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, runCliJson, type CliDatabase } from './test-cli';

/** A printed JSON object, read loosely: the assertions check its shape. */
type Printed = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// apikey:create --expires-in, apikey:roll, apikey:list and participants:import.
describe.each(testDatabaseKinds())('the key lifecycle and participants:import on %s', (kind) => {
  let database: CliDatabase;
  const cli = (args: string[]) => runCli(database, args);
  const cliJson = (args: string[]) => runCliJson<Printed>(database, args);
  beforeAll(async () => {
    database = await createCliDatabase(kind);
  });
  afterAll(() => database?.close());

  it('creates an expiring key, rolls it with an overlap, lists both, and imports a file', async () => {
    const tenant = await cliJson(['tenant:create', '--name', 'Keys Inc']);
    const questionnaire = await cliJson(['questionnaire:create', '--tenant', tenant.id, '--name', 'Q']);
    const q = questionnaire.id as string;

    expect(
      (
        await cli([
          'apikey:create',
          '--questionnaire',
          q,
          '--name',
          'k',
          '--scopes',
          'participant:write',
          '--expires-in',
          '30 days',
        ])
      ).code,
    ).toBe(2);
    const key = await cliJson([
      'apikey:create',
      '--questionnaire',
      q,
      '--name',
      'nightly',
      '--scopes',
      'participant:write',
      '--expires-in',
      '30d',
    ]);
    expect(Math.abs(Date.parse(key.expires_at) - (Date.now() + 30 * 86_400_000))).toBeLessThan(120_000);

    const rolled = await cliJson(['apikey:roll', '--questionnaire', q, '--key', key.id, '--overlap', '1h']);
    expect(rolled.api_key).toMatch(/^pais_live_/);
    expect(rolled.old_key_id).toBe(key.id);
    expect(Math.abs(Date.parse(rolled.old_key_expires_at) - (Date.now() + 3_600_000))).toBeLessThan(120_000);
    const listed = await cliJson(['apikey:list', '--questionnaire', q]);
    expect(listed.keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: key.id, state: 'rolled', rolled_to_id: rolled.id }),
        expect.objectContaining({ id: rolled.id, state: 'active', expires_at: key.expires_at }),
      ]),
    );
    const again = await cli(['apikey:roll', '--questionnaire', q, '--key', key.id, '--overlap', '1h']);
    expect(again.stderr).toBe('error: That key does not exist, has expired or was already rolled\n');

    const file = path.join(database.dir, 'cohort.csv');
    fs.writeFileSync(file, 'IRN,email\n');
    expect((await cli(['participants:import', '--questionnaire', q, '--file', file])).stderr).toBe(
      'error: Unknown column irn. The columns are: interview_ref_num, phone_number1, phone_number2, external_ref_id, email, language (any order, any letter case).\n',
    );
    fs.writeFileSync(file, 'interview_ref_num,email\nC-1,a@example.com\nC-2,nope\nC-3,\n');
    const imported = await cliJson(['participants:import', '--questionnaire', q, '--file', file]);
    expect(imported).toMatchObject({
      status: 'done',
      total_rows: 3,
      created: 2,
      refused: 1,
      issues: [{ row: 2, irn: 'C-2', message: 'Invalid email format' }],
    });
    const second = await cliJson(['participants:import', '--questionnaire', q, '--file', file]);
    expect(second).toMatchObject({ created: 0, refused: 3 });
  }, 240_000);
});
