import { type Command, InvalidArgumentError } from 'commander';
import { parseRfc3339, toRfc3339Utc } from '@/server/platform/lib/time';
import { configureWebhook, revealSigningSecret } from '@/server/webhooks/config';
import { recoverDeliveries } from '@/server/webhooks/recovery';
import { cliActor } from './cli-actor';
import { databaseCommand, uuidArgument } from './runtime';

/** commander argument parser for an RFC 3339 date-time with its offset. */
function rfc3339Argument(value: string): Date {
  const date = parseRfc3339(value.trim());
  if (!date) throw new InvalidArgumentError('must be an RFC 3339 date-time, e.g. 2026-11-20T08:00:00Z.');
  return date;
}

export function registerWebhookCommands(program: Command): void {
  databaseCommand<{ questionnaire: string; url: string }>(
    program
      .command('webhook:set')
      .description(
        "set a questionnaire's result webhook URL (created with a new signing secret, or updated keeping it); prints the whsec_ signing secret",
      )
      .requiredOption('--questionnaire <ID>', 'the questionnaire whose results are sent', uuidArgument)
      .requiredOption('--url <URL>', 'the https address that receives the results'),
    async (db, options) => {
      const { webhook, secret } = await configureWebhook(
        db,
        options.questionnaire,
        { url: options.url },
        { actor: cliActor() },
      );
      const signingSecret =
        secret ?? (await revealSigningSecret(db, options.questionnaire, { actor: cliActor() }));
      const text = [
        `${secret ? 'Created' : 'Updated'} the webhook of questionnaire ${options.questionnaire}: ${webhook.url}`,
        `Signing secret (verify the webhook-signature header with it): ${signingSecret}`,
      ].join('\n');
      return {
        json: { questionnaire_id: options.questionnaire, url: webhook.url, secret: signingSecret },
        text,
      };
    },
  );

  databaseCommand<{ questionnaire: string; since: Date }>(
    program
      .command('webhook:recover')
      .description(
        "enable a questionnaire's webhook again if it is disabled and queue, once each and oldest first, every delivery it missed since a time (gave up, or skipped while disabled)",
      )
      .requiredOption('--questionnaire <ID>', 'the questionnaire whose webhook recovers', uuidArgument)
      .requiredOption('--since <RFC3339>', 'what was missed at or after this time', rfc3339Argument),
    async (db, options) => {
      // An operator may lift an Admin's pause. Call after call (each a few bounded transactions) until
      // nothing is left, or a call makes no progress (the endpoint was disabled again meanwhile).
      let queued = 0;
      let call;
      do {
        call = await recoverDeliveries(db, {
          questionnaireId: options.questionnaire,
          since: options.since,
          actor: cliActor(),
          mayLiftAdminPause: true,
        });
        queued += call.queued;
      } while (call.hasMore && call.queued > 0);
      const since = toRfc3339Utc(options.since);
      return {
        json: { questionnaire_id: options.questionnaire, since, queued },
        text: `Queued ${queued} missed deliver${queued === 1 ? 'y' : 'ies'} since ${since} for questionnaire ${options.questionnaire}; the webhook is enabled.`,
      };
    },
  );
}
