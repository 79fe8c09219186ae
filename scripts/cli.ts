// The operator CLI: `npm run cli -- <command> [options]`, against whatever DATABASE_URL points at.
// Each command prints one JSON object with --json, text otherwise; bad arguments exit with code 2.
import { Command } from 'commander';
import { registerTenantCommands } from './cli/tenant';
import { registerQuestionnaireCommands } from './cli/questionnaire';
import { registerAdminCommands } from './cli/admin';
import { registerApiKeyCommands } from './cli/apikey';
import { registerApiKeyRateLimitCommand } from './cli/apikey-rate-limit';
import { registerWebhookCommands } from './cli/webhook';
import { registerResultCommands } from './cli/result';
import { registerParticipantImportCommand } from './cli/participant-import';
import { registerSecretsCommands } from './cli/secrets';
import { registerDataCommands } from './cli/data';
import { EXIT_USAGE } from './cli/runtime';

const program = new Command('cli')
  .description('Operator CLI of the Participant Assessment Integration Service')
  .showHelpAfterError('(add --help for usage)')
  .configureOutput({ outputError: (text, write) => write(text) });

// commander exits with 1 on usage errors; ours is 2. Help exits 0. Set before the commands are added, so
// that they inherit it.
program.exitOverride((error) => {
  process.exit(
    ['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(error.code) ? 0 : EXIT_USAGE,
  );
});

registerTenantCommands(program);
registerQuestionnaireCommands(program);
registerApiKeyCommands(program);
registerApiKeyRateLimitCommand(program);
registerAdminCommands(program);
registerWebhookCommands(program);
registerResultCommands(program);
registerParticipantImportCommand(program);
registerSecretsCommands(program);
registerDataCommands(program);

await program.parseAsync();
