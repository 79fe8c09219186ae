// The benchmarks document writer on a recorded result (the full run kept in bench/results/latest.json): every
// figure lands in docs/benchmarks.md with its date, machine, Node.js version and load average, figures it has
// never heard of included, and a new run replaces its own set only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flattenFigures, readLatest, recordBenchResult } from './benchmarks-doc';

const recorded = readLatest()['full run']!;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-doc-'));
const files = { latest: path.join(dir, 'latest.json'), doc: path.join(dir, 'benchmarks.md') };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('recordBenchResult', () => {
  it('writes every figure of a recorded full run, dated, with the machine and what else ran', () => {
    // A figure another engineer adds to the bench's result object, unknown to the writer.
    const figures = (recorded.figures as Record<string, unknown>[]).map((f) => ({
      ...f,
      isolation: { tenantsPerSecond: 123.4, crossTenantLeaks: 0 },
    }));
    recordBenchResult(
      'full run',
      { loadAverageAtStart: [1.5, 1.25, 1], run: recorded.run, figures, markdown: recorded.markdown },
      files,
    );
    const doc = fs.readFileSync(files.doc, 'utf8');

    expect(doc).toMatch(/## full run\n\nMeasured \d{4}-\d\d-\d\d \d\d:\d\d UTC by `npm run bench/);
    expect(doc).toContain(`on ${os.cpus().length} cores`);
    expect(doc).toMatch(/[\d.]+ GiB memory/);
    expect(doc).toContain(`Node.js ${process.version}`);
    expect(doc).toContain('load average (1 / 5 / 15 min) 1.50 / 1.25 / 1.00 at the start');
    expect(doc).toContain(recorded.markdown!);
    // Every leaf of every database's figures is a row, in that database's column.
    const [embedded, postgresql] = figures;
    const rows = doc.split('\n');
    for (const [key, value] of flattenFigures(embedded).filter(([k]) => k !== 'database')) {
      const row = rows.find((line) => line.startsWith(`| ${key} |`));
      expect(row, key).toBeDefined();
      expect(row!.split(' | ')[1]).toBe(value);
    }
    expect(rows).toContain(`| isolation.tenantsPerSecond | 123.4 | 123.4 |`);
    expect(flattenFigures(postgresql).length).toBeGreaterThan(20);
  });

  it('replaces only its own set: the latest result per figure, nothing older', () => {
    recordBenchResult('floor', { loadAverageAtStart: [0, 0, 0], figures: { ratio: 0.61 } }, files);
    recordBenchResult('floor', { loadAverageAtStart: [0, 0, 0], figures: { ratio: 0.72 } }, files);
    const latest = readLatest(files.latest);
    expect(Object.keys(latest).sort()).toEqual(['floor', 'full run']);
    expect(latest.floor!.figures).toEqual({ ratio: 0.72 });
    const doc = fs.readFileSync(files.doc, 'utf8');
    expect(doc.match(/^## floor$/gm)).toHaveLength(1);
    expect(doc).toContain('| ratio | 0.72 |');
    expect(doc).not.toContain('0.61');
    expect(doc.indexOf('## full run')).toBeLessThan(doc.indexOf('## floor'));
  });

  it('names the command that measured a set when it is not the bench (the container tests)', () => {
    const command = 'npm run test:container';
    recordBenchResult(
      'container',
      { loadAverageAtStart: [0, 0, 0], figures: { imageMiB: 1 }, command },
      files,
    );
    expect(readLatest(files.latest).container!.command).toBe(command);
    expect(fs.readFileSync(files.doc, 'utf8')).toMatch(
      /## container\n\nMeasured .* by `npm run test:container`/,
    );
  });
});
