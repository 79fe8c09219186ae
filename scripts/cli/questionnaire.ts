import type { Command } from 'commander';
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
      const questionnaire = await createQuestionnaire(db, { tenantId: tenant, name }, cliActor());
      const json = { id: questionnaire.id, tenant_id: questionnaire.tenantId, name: questionnaire.name };
      return { json, text: `Created questionnaire ${json.name} (${json.id}) in tenant ${json.tenant_id}` };
    },
  );
}
