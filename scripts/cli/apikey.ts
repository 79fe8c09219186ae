import { type Command, InvalidArgumentError } from 'commander';
import { maskApiKey } from '@/server/api-keys/secret';
import {
  API_KEY_SCOPES,
  apiKeyState,
  createApiKey,
  isApiKeyScope,
  listApiKeysWithExpired,
  rollApiKey,
  ROLL_OVERLAP_NAMES,
  type ApiKeyScope,
  type RollOverlap,
} from '@/server/api-keys/api-keys';
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

const DURATION_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** A duration such as 90m, 12h, 30d or 2w, in milliseconds. */
function durationArgument(value: string): number {
  const match = /^\s*(\d{1,6})\s*([mhdw])\s*$/i.exec(value);
  const amount = Number(match?.[1]);
  if (!match || amount < 1)
    throw new InvalidArgumentError('must be a positive whole number with a unit m, h, d or w, e.g. 30d.');
  return amount * DURATION_UNITS_MS[match[2]!.toLowerCase() as keyof typeof DURATION_UNITS_MS];
}

function overlapArgument(value: string): RollOverlap {
  const overlap = value.trim().toLowerCase();
  if (!(ROLL_OVERLAP_NAMES as string[]).includes(overlap))
    throw new InvalidArgumentError(`must be one of ${ROLL_OVERLAP_NAMES.join(', ')}.`);
  return overlap as RollOverlap;
}

export function registerApiKeyCommands(program: Command): void {
  databaseCommand<{ questionnaire: string; name: string; scopes: ApiKeyScope[]; expiresIn?: number }>(
    program
      .command('apikey:create')
      .description('create an API key for a questionnaire; the full key is printed once')
      .requiredOption('--questionnaire <ID>', 'the questionnaire the key acts in', uuidArgument)
      .requiredOption('--name <name>', 'a human-readable key name', textArgument)
      .requiredOption(
        '--scopes <s1,s2,…>',
        `comma-separated scopes: ${API_KEY_SCOPES.join(', ')}`,
        scopesArgument,
      )
      .option(
        '--expires-in <duration>',
        'the key stops working after this long, e.g. 30d, 12h, 2w',
        durationArgument,
      ),
    async (db, options) => {
      const expiresAt = options.expiresIn ? new Date(Date.now() + options.expiresIn) : null;
      const { key, record } = await createApiKey(
        db,
        { questionnaireId: options.questionnaire, name: options.name, scopes: options.scopes, expiresAt },
        cliActor(),
      );
      const text = [
        `Created API key ${record.key_name} (${record.id}) with scopes ${options.scopes.join(', ')}` +
          `${key.expiresAt ? `, expiring ${key.expiresAt.toISOString()}` : ''}:`,
        `  ${record.api_key}`,
        'It is shown only this once: store it now.',
      ].join('\n');
      return { json: { ...record, expires_at: key.expiresAt?.toISOString() ?? null }, text };
    },
  );

  databaseCommand<{ questionnaire: string }>(
    program
      .command('apikey:list')
      .description('list the API keys of a questionnaire with their state (active, rolled, expired)')
      .requiredOption('--questionnaire <ID>', 'the questionnaire', uuidArgument),
    async (db, options) => {
      const keys = (await listApiKeysWithExpired(db, options.questionnaire)).map((key) => ({
        id: key.id,
        name: key.name,
        api_key: maskApiKey(key.start, key.end),
        scopes: key.scopes,
        state: apiKeyState(key),
        expires_at: key.expiresAt?.toISOString() ?? null,
        rolled_to_id: key.rolledToId,
        last_used_at: key.lastUsedAt?.toISOString() ?? null,
        last_used_ip: key.lastUsedIp,
      }));
      const text = keys.length
        ? keys
            .map(
              (k) =>
                `${k.id}  ${k.api_key}  ${k.state.padEnd(7)}  ${k.name}` +
                `${k.expires_at ? `  expires ${k.expires_at}` : ''}` +
                `  last used ${k.last_used_at ? `${k.last_used_at}${k.last_used_ip ? ` from ${k.last_used_ip}` : ''}` : 'never'}`,
            )
            .join('\n')
        : 'No API keys.';
      return { json: { keys }, text };
    },
  );

  databaseCommand<{ questionnaire: string; key: string; overlap: RollOverlap }>(
    program
      .command('apikey:roll')
      .description(
        'issue a new value for a key (printed once); the old value works for the overlap, then not',
      )
      .requiredOption('--questionnaire <ID>', 'the questionnaire the key acts in', uuidArgument)
      .requiredOption('--key <ID>', 'the key id (apikey:list)', uuidArgument)
      .requiredOption(
        '--overlap <period>',
        `how long the old value keeps working: ${ROLL_OVERLAP_NAMES.join(', ')}`,
        overlapArgument,
      ),
    async (db, options) => {
      const { old, key, record } = await rollApiKey(
        db,
        { questionnaireId: options.questionnaire, keyId: options.key, overlap: options.overlap },
        cliActor(),
      );
      const oldUntil = old.expiresAt?.toISOString() ?? null;
      const text = [
        `Rolled API key ${key.name}: new key ${key.id}:`,
        `  ${record.api_key}`,
        'It is shown only this once: store it now.',
        `The old value (${old.id}) works until ${oldUntil}.`,
      ].join('\n');
      return { json: { ...record, old_key_id: old.id, old_key_expires_at: oldUntil }, text };
    },
  );
}
