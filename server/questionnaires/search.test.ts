// The questionnaires page's search, on both databases and through the Admin door as the page calls it: part of
// the name in any letter case (LIKE's own characters taken literally), a tenant, sandbox or live, archived,
// pages of 24 newest first with the total; an Admin with a grant sees their questionnaires only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCaller } from '@/server/doors/admin/server-caller';
import { adminCallerFor } from '@/server/test/admin-caller';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { createAdmin } from '@/server/admins/users';
import { QUESTIONNAIRES_PER_PAGE } from './search';

describe.each(testDatabaseKinds())('finding questionnaires (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let operator: AdminCaller;
  let granted: AdminCaller;
  let acme: string;
  let globex: string;

  const names = (page: { items: { name: string }[] }) => page.items.map((q) => q.name);

  beforeAll(async () => {
    acme = (await db.prisma.tenant.create({ data: { name: 'Acme' } })).id;
    globex = (await db.prisma.tenant.create({ data: { name: 'Globex' } })).id;
    const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 9, minute));
    const create = (tenantId: string, name: string, minute: number, extra: object = {}) =>
      db.prisma.questionnaire.create({ data: { tenantId, name, createdAt: at(minute), ...extra } });
    await create(acme, 'Onboarding survey', 1);
    await create(acme, 'Onboarding survey (sandbox)', 2, { sandbox: true });
    await create(acme, 'Exit interview', 3, { archivedAt: new Date() });
    await create(globex, 'ONBOARDING 2031', 4);
    await create(globex, '50% sample', 5);
    await create(globex, '50 x sample', 6);
    await create(globex, 'a_b test', 7);
    for (let i = 0; i < 30; i++) await create(globex, `QA run questionnaire ${i}`, 10 + i, { sandbox: true });
    const operatorId = (
      await createAdmin(db.prisma, {
        email: 'op@example.com',
        password: 'long-enough-password',
        isOperator: true,
      })
    ).id;
    const grantedId = (
      await createAdmin(db.prisma, {
        email: 'acme@example.com',
        password: 'long-enough-password',
        tenantId: acme,
      })
    ).id;
    operator = adminCallerFor(db, operatorId);
    granted = adminCallerFor(db, grantedId);
  });

  it('finds by part of the name in any letter case, newest first', async () => {
    const found = await operator.questionnaire.search({ search: 'onboard' });
    expect(names(found)).toEqual(['ONBOARDING 2031', 'Onboarding survey (sandbox)', 'Onboarding survey']);
    expect(found.total).toBe(3);
  });

  it('takes % and _ as the characters they are', async () => {
    expect(names(await operator.questionnaire.search({ search: '50%' }))).toEqual(['50% sample']);
    expect(names(await operator.questionnaire.search({ search: 'a_b' }))).toEqual(['a_b test']);
    expect(names(await operator.questionnaire.search({ search: '\\' }))).toEqual([]);
  });

  it('narrows to a tenant, to sandbox or live ones, and shows archived ones apart', async () => {
    expect(names(await operator.questionnaire.search({ search: 'onboarding', tenantId: acme }))).toEqual([
      'Onboarding survey (sandbox)',
      'Onboarding survey',
    ]);
    expect(names(await operator.questionnaire.search({ tenantId: acme, kind: 'live' }))).toEqual([
      'Onboarding survey',
    ]);
    expect((await operator.questionnaire.search({ kind: 'sandbox' })).total).toBe(31);
    const archived = await operator.questionnaire.search({ archived: true });
    expect(names(archived)).toEqual(['Exit interview']);
    expect(archived.tenants.map((t) => t.name)).toEqual(['Acme']);
  });

  it('reads 24 at a time with the total, the page past the last being the last', async () => {
    const first = await operator.questionnaire.search({});
    expect(first).toMatchObject({ total: 36, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(QUESTIONNAIRES_PER_PAGE);
    expect(first.items[0]!.name).toBe('QA run questionnaire 29');
    expect(first.tenants.map((t) => t.name)).toEqual(['Acme', 'Globex']);
    const second = await operator.questionnaire.search({ page: 2 });
    expect(second.items).toHaveLength(36 - QUESTIONNAIRES_PER_PAGE);
    expect(second.items.at(-1)!.name).toBe('Onboarding survey');
    expect((await operator.questionnaire.search({ page: 9 })).page).toBe(2);
    const empty = await operator.questionnaire.search({ search: 'nothing like this' });
    expect(empty).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it('shows an Admin with a grant only their questionnaires and tenants', async () => {
    const mine = await granted.questionnaire.search({});
    expect(names(mine)).toEqual(['Onboarding survey (sandbox)', 'Onboarding survey']);
    expect(mine.tenants.map((t) => t.name)).toEqual(['Acme']);
    expect((await granted.questionnaire.search({ tenantId: globex })).total).toBe(0);
  });

  it('refuses a search of more than 200 characters', async () => {
    await expect(operator.questionnaire.search({ search: 'x'.repeat(201) })).rejects.toThrow(
      /at most 200 characters/,
    );
  });
});
