// Prints, after the run, every skipped test with the reason it was skipped for (the list reporter shows only
// that it was): against a deployment, the reason names the variable that would let it run.
import path from 'node:path';
import type { FullResult, Reporter, Suite, TestCase } from '@playwright/test/reporter';

export default class SkipReasonsReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite;
  }

  onEnd(_result: FullResult): void {
    const skipped = (this.root?.allTests() ?? []).filter((test) => test.outcome() === 'skipped');
    if (skipped.length === 0) return;
    console.log(`\n${skipped.length} skipped:`);
    for (const test of skipped) console.log(`  ${title(test)}\n      ${reason(test)}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}

function title(test: TestCase): string {
  return `${path.relative(process.cwd(), test.location.file)}:${test.location.line} › ${test.title}`;
}

function reason(test: TestCase): string {
  const last = test.results.at(-1);
  const annotations = [...(last?.annotations ?? []), ...test.annotations];
  const skip = annotations.find((a) => (a.type === 'skip' || a.type === 'fixme') && a.description);
  return skip?.description ?? (last ? 'skipped without a reason' : 'not run (the run stopped before it)');
}
