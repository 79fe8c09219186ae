// Prints, after the run, why each skipped test was skipped (the list reporter shows only that it was): against
// a deployment, the reason names the variable that would let it run. Tests skipped for one reason are listed
// under it, a file at a time.
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
    const byReason = new Map<string, Map<string, TestCase[]>>();
    for (const test of skipped) {
      const files = byReason.get(reason(test)) ?? new Map<string, TestCase[]>();
      const file = path.relative(process.cwd(), test.location.file);
      files.set(file, [...(files.get(file) ?? []), test]);
      byReason.set(reason(test), files);
    }
    console.log(`\n${skipped.length} skipped, for ${byReason.size} reason${byReason.size === 1 ? '' : 's'}:`);
    for (const [why, files] of byReason) {
      console.log(`  ${why}`);
      for (const [file, tests] of files)
        console.log(
          tests.length > 3
            ? `      ${file}: ${tests.length} tests`
            : tests.map((test) => `      ${file}:${test.location.line} › ${test.title}`).join('\n'),
        );
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

function reason(test: TestCase): string {
  const last = test.results.at(-1);
  const annotations = [...(last?.annotations ?? []), ...test.annotations];
  const skip = annotations.find((a) => (a.type === 'skip' || a.type === 'fixme') && a.description);
  if (skip?.description) return skip.description;
  if (!last) return 'not run (the run stopped before it)';
  // Playwright counts a test the run was stopped in (Ctrl-C, --max-failures) as skipped too.
  return last.status === 'interrupted'
    ? 'interrupted (the run was stopped during it)'
    : 'skipped without a reason';
}
