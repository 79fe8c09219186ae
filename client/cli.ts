#!/usr/bin/env node
// `pais`, the package's command line (npx @pais/client …). Its commands, `listen` (forward a sandbox
// questionnaire's webhooks to a local URL) and `trigger` (send a sandbox participant a test result), are not
// written yet: until they are, it answers --help and --version and refuses every command as unknown, with
// the exit status of a usage error so that scripts can tell it from a failed run.
import { createRequire } from 'node:module';
import { Command } from 'commander';

/** The exit status of a command line that cannot run at all (unknown command or option), as POSIX tools use. */
const USAGE_ERROR = 2;

/** Named in the docs already; said to be coming rather than unknown. */
const PLANNED_COMMANDS = new Set(['listen', 'trigger']);

// The package's own manifest by its name (a package may import itself through its exports), so the version
// is right both from this source file and from the built dist/cli.js.
const { name, version } = createRequire(import.meta.url)('@pais/client/package.json') as {
  name: string;
  version: string;
};

const program = new Command('pais')
  .description(`The command line of ${name}, the service's TypeScript client.`)
  .version(version)
  .argument('[command]', 'the command to run')
  // What follows the command is the command's own (`pais listen --forward-to …`), not pais's options.
  .passThroughOptions()
  .allowExcessArguments()
  .addHelpText(
    'after',
    '\nCommands (not yet available in this version):\n' +
      '  listen   forward a sandbox questionnaire’s webhooks to a local URL\n' +
      '  trigger  send a test result for a sandbox participant\n',
  )
  // Commander ends with 1 on a usage error; 0 (help, version) stays 0.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR))
  .action((command: string | undefined) => {
    if (command === undefined) {
      program.outputHelp({ error: true });
      process.exit(USAGE_ERROR);
    }
    program.error(
      PLANNED_COMMANDS.has(command)
        ? `error: unknown command '${command}': it is not yet available in ${name} ${version}`
        : `error: unknown command '${command}' (see pais --help)`,
    );
  });

program.parse();
