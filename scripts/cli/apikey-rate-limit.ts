import { type Command, InvalidArgumentError } from 'commander';
import { env } from '@/server/platform/env';
import { RATE_LIMIT_MAX, RATE_LIMIT_MIN, setApiKeyRateLimit } from '@/server/api-keys/rate-limits';
import { cliActor } from './cli-actor';
import { databaseCommand, uuidArgument } from './runtime';

/** A whole number of requests per minute, or "default" for the service default. */
function perMinuteArgument(value: string): number | 'default' {
  // Not null: commander turns an option parsed as null into an empty string.
  if (value.trim().toLowerCase() === 'default') return 'default';
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < RATE_LIMIT_MIN || n > RATE_LIMIT_MAX)
    throw new InvalidArgumentError(
      `must be a whole number from ${RATE_LIMIT_MIN} to ${RATE_LIMIT_MAX}, or "default".`,
    );
  return n;
}

export function registerApiKeyRateLimitCommand(program: Command): void {
  databaseCommand<{ key: string; perMinute: number | 'default' }>(
    program
      .command('apikey:rate-limit')
      .description(
        `set an API key's rate limit in requests per minute (burst = the limit); "default" uses API_RATE_LIMIT_PER_MINUTE (now ${env.API_RATE_LIMIT_PER_MINUTE})`,
      )
      .requiredOption('--key <ID>', 'the key id (as listed by the API or the Admin app)', uuidArgument)
      .requiredOption('--per-minute <N>', 'requests per minute, or "default"', perMinuteArgument),
    async (db, options) => {
      const key = await setApiKeyRateLimit(
        db,
        { keyId: options.key, perMinute: options.perMinute === 'default' ? null : options.perMinute },
        cliActor(),
      );
      const effective = key.rateLimitPerMinute ?? env.API_RATE_LIMIT_PER_MINUTE;
      return {
        json: {
          id: key.id,
          questionnaire_id: key.questionnaireId,
          rate_limit_per_minute: key.rateLimitPerMinute,
          effective_per_minute: effective,
        },
        text: `API key ${key.id} may now make ${effective} requests per minute${key.rateLimitPerMinute === null ? ' (the service default)' : ''}; other instances apply it within 5 seconds.`,
      };
    },
  );
}
