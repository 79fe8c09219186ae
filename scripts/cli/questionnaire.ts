import type { Command } from 'commander';
import { createQuestionnaire } from '@/server/questionnaires/questionnaires';
import { cliActor } from './cli-actor';
import { databaseCommand, textArgument, uuidArgument } from './runtime';

export function registerQuestionnaireCommands(program: Command): void {
  databaseCommand<{ tenant: string; name: string; sandbox?: boolean }>(
    program
      .command('questionnaire:create')
      .description("create a questionnaire (its id is the API's project_uuid / questionnaire_id)")
      .requiredOption('--tenant <TENANT_ID>', 'the tenant it belongs to', uuidArgument)
      .requiredOption('--name <name>', 'the questionnaire name', textArgument)
      .option('--sandbox', 'a sandbox for integrating: pais_test_ keys, test results on demand'),
    async (db, { tenant, name, sandbox }) => {
      const questionnaire = await createQuestionnaire(db, { tenantId: tenant, name, sandbox }, cliActor());
      const json = {
        id: questionnaire.id,
        tenant_id: questionnaire.tenantId,
        name: questionnaire.name,
        sandbox: questionnaire.sandbox,
      };
      const kind = json.sandbox ? 'sandbox questionnaire' : 'questionnaire';
      return { json, text: `Created ${kind} ${json.name} (${json.id}) in tenant ${json.tenant_id}` };
    },
  );
}
