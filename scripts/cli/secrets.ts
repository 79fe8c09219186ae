import type { Command } from 'commander';
import { defaultWebhookSettings } from '@/server/webhooks/settings';
import { reencryptStoredSecrets } from '@/server/webhooks/secret-rotation';
import { databaseCommand } from './runtime';

export function registerSecretsCommands(program: Command): void {
  databaseCommand(
    program
      .command('secrets:reencrypt')
      .description(
        'seal every stored webhook secret with the current app secret (NEXTAUTH_SECRET), opening them with it or APP_SECRETS_PREVIOUS; safe to run again or after an interruption',
      ),
    async (db) => {
      const counts = await reencryptStoredSecrets(db, defaultWebhookSettings().secretBox);
      const text = [
        `Webhooks: ${counts.webhooks}`,
        `  re-encrypted now:     ${counts.reencrypted} (${counts.secrets} secrets)`,
        `  already current:      ${counts.alreadyCurrent}`,
        `  changed meanwhile:    ${counts.changedMeanwhile}`,
        counts.reencrypted + counts.alreadyCurrent === counts.webhooks
          ? 'Every stored secret is sealed with the current app secret: the previous ones can be removed.'
          : 'Some webhooks changed while this ran: run the command again.',
      ].join('\n');
      return {
        json: {
          webhooks: counts.webhooks,
          reencrypted: counts.reencrypted,
          already_current: counts.alreadyCurrent,
          changed_meanwhile: counts.changedMeanwhile,
          secrets: counts.secrets,
        },
        text,
      };
    },
  );
}
