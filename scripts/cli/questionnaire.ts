import type { Command } from 'commander';
import { withAudit } from '@/server/services/audit-log';
import { createQuestionnaire } from '@/server/services/questionnaires';
import { cliActor } from './cli-actor';
import { databaseCommand, textArgument, uuidArgument } from './runtime';

export function registerQuestionnaireCommands(program: Command): void {
  databaseCommand<{ tenant: string; name: string }>(
    program
      .command('questionnaire:create')
      .description("create a questionnaire (its id is the API's project_uuid / questionnaire_id)")
      .requiredOption('--tenant <TENANT_ID>', 'the tenant it belongs to', uuidArgument)
      .requiredOption('--name <name>', 'the questionnaire name', textArgument),
    async (db, { tenant, name }) => {
      const questionnaire = await withAudit(
        db,
        (tx) => createQuestionnaire(tx, { tenantId: tenant, name }),
        (q) => ({
          actor: cliActor(),
          action: 'questionnaire.create',
          targetType: 'questionnaire',
          targetId: q.id,
          tenantId: q.tenantId,
          questionnaireId: q.id,
          details: { name: q.name },
        }),
      );
      const json = { id: questionnaire.id, tenant_id: questionnaire.tenantId, name: questionnaire.name };
      return { json, text: `Created questionnaire ${json.name} (${json.id}) in tenant ${json.tenant_id}` };
    },
  );
}
