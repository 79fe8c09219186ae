import type { Command } from 'commander';
import { configureWebhook, revealSigningSecret } from '@/server/services/webhook-config';
import { cliActor } from './cli-actor';
import { databaseCommand, uuidArgument } from './runtime';

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
}
