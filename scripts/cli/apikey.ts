import { type Command, InvalidArgumentError } from 'commander';
import { API_KEY_SCOPES, createApiKey, isApiKeyScope, type ApiKeyScope } from '@/server/services/api-keys';
import { withAudit } from '@/server/services/audit-log';
import { cliActor } from './cli-actor';
import { databaseCommand, textArgument, uuidArgument } from './runtime';

function scopesArgument(value: string): ApiKeyScope[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!scopes.length) throw new InvalidArgumentError('must list at least one scope.');
  const unknown = scopes.filter((s) => !isApiKeyScope(s));
  if (unknown.length)
    throw new InvalidArgumentError(
      `unknown scope ${unknown.join(', ')}; known: ${API_KEY_SCOPES.join(', ')}.`,
    );
  return scopes as ApiKeyScope[];
}

export function registerApiKeyCommands(program: Command): void {
  databaseCommand<{ questionnaire: string; name: string; scopes: ApiKeyScope[] }>(
    program
      .command('apikey:create')
      .description('create an API key for a questionnaire; the full key is printed once')
      .requiredOption('--questionnaire <ID>', 'the questionnaire the key acts in', uuidArgument)
      .requiredOption('--name <name>', 'a human-readable key name', textArgument)
      .requiredOption(
        '--scopes <s1,s2,…>',
        `comma-separated scopes: ${API_KEY_SCOPES.join(', ')}`,
        scopesArgument,
      ),
    async (db, options) => {
      const { record } = await withAudit(
        db,
        (tx) =>
          createApiKey(tx, {
            questionnaireId: options.questionnaire,
            name: options.name,
            scopes: options.scopes,
          }),
        ({ key }) => ({
          actor: cliActor(),
          action: 'api_key.create',
          targetType: 'api_key',
          targetId: key.id,
          questionnaireId: key.questionnaireId,
          details: { name: key.name, scopes: key.scopes },
        }),
      );
      const text = [
        `Created API key ${record.key_name} (${record.id}) with scopes ${options.scopes.join(', ')}:`,
        `  ${record.api_key}`,
        'It is shown only this once: store it now.',
      ].join('\n');
      return { json: { ...record }, text };
    },
  );
}
