#!/usr/bin/env node
// `pais`, the package's command line (npx @pais/client …, or npx pais once installed): `listen` forwards a
// sandbox questionnaire's webhooks to a local URL (listen.ts), `trigger` sends a sandbox participant a test
// result (trigger.ts). The service's address and the key come from options or the environment (PAIS_BASE_URL,
// PAIS_API_KEY). A command line that cannot run at all (an unknown command or option, a missing value) ends
// with exit status 2, so that scripts can tell it from a failed run (1).
import { createRequire } from 'node:module';
import { Command, Option } from 'commander';
import { consoleOutput, restBaseUrl } from './command-support.js';
import { startListen } from './listen.js';
import { trigger } from './trigger.js';

/** The exit status of a command line that cannot run at all (unknown command or option), as POSIX tools use. */
const USAGE_ERROR = 2;
/** A second Ctrl-C this soon after the first is npm's forwarded copy of it (npx), not the developer's. */
const REPEAT_SIGNAL_WINDOW_MS = 2_000;

// The package's own manifest by its name (a package may import itself through its exports), so the version
// is right both from this source file and from the built dist/cli.js.
const { name, version } = createRequire(import.meta.url)('@pais/client/package.json') as {
  name: string;
  version: string;
};

const apiKeyOption = () =>
  new Option('--api-key <key>', 'the API key (pais_test_…)').env('PAIS_API_KEY').makeOptionMandatory();
const baseUrlOption = () =>
  new Option('--base-url <url>', "the service's address, e.g. https://pais.example.org")
    .env('PAIS_BASE_URL')
    .makeOptionMandatory();

const program = new Command('pais')
  .description(`The command line of ${name}, the service's TypeScript client.`)
  .version(version)
  // Commander ends with 1 on a usage error; 0 (help, version) stays 0.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR));

program
  .command('listen')
  .description(
    "forward a sandbox questionnaire's webhooks to a local URL, signed as the service sends them " +
      '(prints the signing secret of the session, then one line per delivery; Ctrl-C to stop)',
  )
  .requiredOption('--forward-to <url>', 'where to POST each delivery, e.g. http://localhost:8080/webhooks')
  .addOption(apiKeyOption())
  .addOption(baseUrlOption())
  .action(async (options: { forwardTo: string; apiKey: string; baseUrl: string }) => {
    if (!/^https?:\/\//i.test(options.forwardTo) || !URL.canParse(options.forwardTo))
      program.error(`error: --forward-to must be an http:// or https:// URL, not ${options.forwardTo}`);
    const running = startListen({
      baseUrl: restBaseUrl(options.baseUrl),
      apiKey: options.apiKey,
      forwardTo: options.forwardTo,
      output: consoleOutput,
    });
    let firstSignalAt: number | null = null;
    let repeats = 0;
    const onSignal = () => {
      if (firstSignalAt === null) {
        firstSignalAt = Date.now();
        if (running.stop()) console.error('Stopping: finishing the delivery in hand…');
        return;
      }
      repeats++;
      if (repeats === 1 && Date.now() - firstSignalAt < REPEAT_SIGNAL_WINDOW_MS) return;
      // Asked again: stop now. What this session held goes to the next one.
      process.exit(130);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.exitCode = await running.done;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  });

program
  .command('trigger')
  .description(
    'send a test result for a participant of the sandbox questionnaire (a new participant unless --participant)',
  )
  .option('--participant <participant_uuid>', 'the participant who gets the result')
  .addOption(
    new Option(
      '--questionnaire <project_uuid>',
      "the key's questionnaire, for the new participant (asked of the service when left out)",
    ).env('PAIS_QUESTIONNAIRE_ID'),
  )
  .addOption(apiKeyOption())
  .addOption(baseUrlOption())
  .action(
    async (options: { participant?: string; questionnaire?: string; apiKey: string; baseUrl: string }) => {
      process.exitCode = await trigger({
        baseUrl: restBaseUrl(options.baseUrl),
        apiKey: options.apiKey,
        participant: options.participant,
        questionnaire: options.questionnaire,
        output: consoleOutput,
      });
    },
  );

// Subcommands stop with the same usage status as the program.
for (const command of program.commands)
  command.exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR));

if (process.argv.length <= 2) {
  program.outputHelp({ error: true });
  process.exit(USAGE_ERROR);
}
await program.parseAsync();
