// `npm run demo -- --out DIR`: the demo run end to end (it spawns dist/index.js, so bundle first),
// keeping the job summary, the JSON report and the SARIF log where the user asked.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from '@jest/globals';

const ROOT = resolve(import.meta.dirname, '../..');
let parent: string;
afterAll(() => (parent ? rm(parent, { recursive: true, force: true }) : undefined));

test('--out DIR keeps summary.md, report.json and results.sarif in DIR, creating it', async () => {
  parent = await mkdtemp(join(tmpdir(), 'security-gate-demo-'));
  const out = join(parent, 'new', 'dir');
  const { stdout } = await promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['simulator/demo.ts', '--out', out],
    { cwd: ROOT, timeout: 25_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const [summary, report, sarif] = await Promise.all(
    ['summary.md', 'report.json', 'results.sarif'].map((name) => readFile(join(out, name), 'utf8')),
  );
  expect(summary).toContain('#');
  expect(JSON.parse(report!)).toEqual(expect.objectContaining({ alerts: expect.any(Array) }));
  expect(JSON.parse(sarif!)).toEqual(expect.objectContaining({ version: '2.1.0', runs: expect.any(Array) }));
  // The log is printed as the runner shows it: no raw workflow commands.
  expect(stdout).not.toMatch(/^::(error|warning|notice|group)/m);
  expect(stdout).toMatch(/^error {3}\S/m);
  for (const name of ['summary.md', 'report.json', 'results.sarif']) expect(stdout).toContain(join(out, name));
}, 30_000);
