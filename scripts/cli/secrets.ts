import type { Command } from 'commander';
import { defaultWebhookSettings } from '@/server/webhooks/settings';
import { reencryptStoredSecrets, type ReencryptionCounts } from '@/server/platform/crypto/secret-rotation';
import { databaseCommand } from './runtime';

const asJson = (c: ReencryptionCounts) => ({
  rows: c.rows,
  reencrypted: c.reencrypted,
  already_current: c.alreadyCurrent,
  changed_meanwhile: c.changedMeanwhile,
  secrets: c.secrets,
});

const asText = (title: string, c: ReencryptionCounts) => [
  `${title}: ${c.rows}`,
  `  re-encrypted now:     ${c.reencrypted} (${c.secrets} secrets)`,
  `  already current:      ${c.alreadyCurrent}`,
  `  changed meanwhile:    ${c.changedMeanwhile}`,
];

export function registerSecretsCommands(program: Command): void {
  databaseCommand(
    program
      .command('secrets:reencrypt')
      .description(
        "seal every stored secret (webhook secrets, Admins' two-factor secrets) with the current app secret (NEXTAUTH_SECRET), opening them with it or APP_SECRETS_PREVIOUS; safe to run again or after an interruption",
      ),
    async (db) => {
      // The TOTP secrets are sealed by the same keyring as the webhook secrets (server/admins/totp.ts).
      const counts = await reencryptStoredSecrets(db, defaultWebhookSettings().secretBox);
      const all = [counts.webhooks, counts.admins];
      const done = all.every((c) => c.reencrypted + c.alreadyCurrent === c.rows);
      const text = [
        ...asText('Webhooks', counts.webhooks),
        ...asText('Admins with two-factor secrets', counts.admins),
        done
          ? 'Every stored secret is sealed with the current app secret: the previous ones can be removed.'
          : 'Some secrets changed while this ran: run the command again.',
      ].join('\n');
      return { json: { webhooks: asJson(counts.webhooks), admins: asJson(counts.admins) }, text };
    },
  );
}
