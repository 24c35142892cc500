// Files the action writes stay where they are named, end to end through dist/ (contract: "Verdict
// integrity", files the action writes): no symbolic link is followed anywhere on the path of
// report-file, sarif-file or vex-output. A link in the workspace (a pull request can commit one)
// is a setup error naming the input, and the file it leads to is left as it was; a path without
// links is written, replacing what was there.
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLEAN, errorText, useSimulator, type GateOptions, type GateRun } from './harness.js';

const h = useSimulator();

const SHA = '3333333333333333333333333333333333333333';
/** A push on acme/clean-lib (nothing gates there): vex-output needs the commit under test. */
const PUSH_ON_CLEAN: GateOptions = { ...CLEAN, eventName: 'push', env: { GITHUB_SHA: SHA } };
const OUTPUTS = ['report-file', 'sarif-file', 'vex-output'] as const;
const ORIGINAL = 'a file of the runner, outside the workspace\n';

/** A directory beside the run's workspace, holding one file the action must never touch. */
let outside: string;
beforeEach(async () => {
  // Its real path: no link on the way (macOS's temporary directory is under one), as the action asks.
  outside = await realpath(await mkdtemp(join(tmpdir(), 'security-gate-written-outside-')));
  await writeFile(join(outside, 'victim.json'), ORIGINAL);
});
afterEach(() => rm(outside, { recursive: true, force: true }));

/** What the outside directory holds after a run: the victim as it was, and nothing more. */
async function outsideAfter(): Promise<{ names: string[]; victim: string }> {
  return { names: (await readdir(outside)).sort(), victim: await readFile(join(outside, 'victim.json'), 'utf8') };
}

function expectRefused(run: GateRun, input: string, link: string): void {
  expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
  expect(errorText(run)).toContain(`${input}:`);
  expect(errorText(run)).toContain(`symbolic link ${link}`);
  // A setup error, found before the run began: nothing was sent to the service.
  expect(h.sim.requests).toEqual([]);
}

describe('a symbolic link in the workspace on the path of a file the action writes', () => {
  test.each(OUTPUTS)('%s naming a link to a file outside: refused, the file outside unchanged', async (input) => {
    const run = await h.gate(
      { [input]: 'gate-output.json', 'on-api-error': 'warn' },
      { ...PUSH_ON_CLEAN, links: { 'gate-output.json': join(outside, 'victim.json') } },
    );
    expectRefused(run, input, 'gate-output.json');
    expect(await outsideAfter()).toEqual({ names: ['victim.json'], victim: ORIGINAL });
  });

  test.each(OUTPUTS)('%s under a linked directory leading outside: refused, nothing written there', async (input) => {
    const run = await h.gate(
      { [input]: 'reports/deep/victim.json' },
      { ...PUSH_ON_CLEAN, files: { 'reports/.keep': '' }, links: { 'reports/deep': outside } },
    );
    expectRefused(run, input, 'reports/deep');
    expect(await outsideAfter()).toEqual({ names: ['victim.json'], victim: ORIGINAL });
  });

  test('a link that stays inside the workspace is not followed either', async () => {
    const run = await h.gate(
      { 'report-file': 'out/r.json' },
      { ...PUSH_ON_CLEAN, files: { 'real/.keep': '' }, links: { out: 'real' } },
    );
    expectRefused(run, 'report-file', 'out');
    expect(Object.keys(run.files).filter((f) => f.startsWith('real/'))).toEqual(['real/.keep']);
  });
});

describe('paths without links', () => {
  test('each file is written, replacing a longer file that was there (never appended to)', async () => {
    const stale = 'STALE '.repeat(400_000); // 2.4 MB: longer than any of the three
    const paths = { 'report-file': 'out/r.json', 'sarif-file': 'out/r.sarif', 'vex-output': 'out/r.vex.json' };
    const run = await h.gate(paths, {
      ...PUSH_ON_CLEAN,
      files: Object.fromEntries(Object.values(paths).map((path) => [path, stale])),
    });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    for (const path of Object.values(paths)) {
      const text = run.files[path] ?? '';
      expect({ path, stale: text.includes('STALE') }).toEqual({ path, stale: false });
      expect(() => JSON.parse(text) as unknown).not.toThrow();
    }
    expect((JSON.parse(run.files['out/r.json']!) as { result: string }).result).toBe('pass');
  });

  test('an absolute path outside the workspace, given by the workflow (as ${{ runner.temp }}): written, folders made', async () => {
    const target = join(outside, 'made', 'r.json');
    const run = await h.gate({ 'report-file': target }, PUSH_ON_CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs['report-file']).toBe(target);
    expect((JSON.parse(await readFile(target, 'utf8')) as { result: string }).result).toBe('pass');
  });

  test('an absolute path outside the workspace through a link there: refused all the same', async () => {
    await mkdir(join(outside, 'real'));
    await symlink(join(outside, 'real'), join(outside, 'linked'));
    const run = await h.gate({ 'sarif-file': join(outside, 'linked', 'r.sarif') }, PUSH_ON_CLEAN);
    expectRefused(run, 'sarif-file', join(outside, 'linked'));
    expect(await readdir(join(outside, 'real'))).toEqual([]);
  });
});
