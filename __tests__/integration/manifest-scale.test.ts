// Manifests read once, in bounded memory (contract: "Verdict integrity", and "Brought in by the pull
// request": each package a change adds is shown at the first line of the workspace's copy of its
// manifest that names it). dist/index.js on pull requests on acme/clean-lib under a license policy,
// so every added package is looked up; where each license finding should land is the line the
// lockfile generator recorded as it wrote the file (simulator/lockfiles.ts), not a reading of it.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareEntry } from '../../simulator/github.js';
import { npmLockfile, paddedLockfile } from '../../simulator/lockfiles.js';
import { badPullRequest, type BadPullRequest } from '../../simulator/pull-requests.js';
import { introducedReportOf, pullRequestOn, REPORT, serve } from './introduced-fixtures.js';
import { useFakeGitHub, useSimulator, type GateOptions } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const GPL = 'GPL-3.0-only';
// Vulnerabilities never gate these runs: the licenses of what the change adds alone decide.
const POLICY = { 'deny-licenses': GPL, 'fail-on-severity': 'none' };

interface Added {
  name: string;
  manifest: string;
  license: string;
}

/** A pull request on acme/clean-lib whose change adds `entries` (npm, version 1.0.0) and nothing else. */
function adding(entries: readonly Added[]): BadPullRequest {
  return {
    ...badPullRequest(),
    changes: entries.map((e) =>
      compareEntry('added', { ecosystem: 'npm', name: e.name, version: '1.0.0' }, e.manifest, [], {
        license: e.license,
      }),
    ),
    advisories: new Map(),
    files: {},
  };
}

/**
 * How the run ended (1, or its exit code and the end of its stderr), and where its JSON report puts each license violation brought in: `name@version` -> `path:line`.
 */
async function judge(pr: BadPullRequest, options: GateOptions) {
  serve(fake.github, pr);
  const run = await h.gate(
    { ...POLICY, 'report-file': REPORT, 'max-retries': '0' },
    { ...pullRequestOn(pr), ...options, env: { GITHUB_API_URL: fake.github.url } },
  );
  // Killed at the test's bound or crashed (out of memory), the run has no exit code.
  const ended =
    run.exitCode === 1
      ? 1
      : `exit code ${run.exitCode}: ${/FATAL ERROR.*/.exec(run.stderr)?.[0] ?? (run.stderr.slice(-300) || 'no stderr')}`;
  const findings = run.files[REPORT] === undefined ? [] : (introducedReportOf(run).licenses?.findings ?? []);
  const places = new Map(
    findings.map((f) => {
      const { location } = f as typeof f & { location: { path: string; startLine: number } | null };
      return [f.package, location ? `${location.path}:${location.startLine}` : 'nowhere'];
    }),
  );
  return { ended, violations: run.outputs['license-violations'], places };
}

describe('the lines that name what a change adds, found in one pass over each manifest', () => {
  // Every added package is looked up in the lockfile. Searching the whole lockfile for each one
  // took 56 s for 10,000 entries (bench/RESULTS.md), growing with the square: some four minutes
  // here. One pass takes about a second, so the run must end well within this bound.
  test('20,000 packages added to a 5 MB lockfile: the run ends in time, each violation at its line', async () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `lic-${i}`);
    // Listed in another order than the change's, with names that are not theirs before them: a
    // longer name, a scoped one, and each name's own prefix (lic-1 is in neither lic-10 nor lic-1.x).
    const decoys = ['lic-7.merge', '@types/lic-7', 'lic-70-extra'];
    const lockfile = npmLockfile([...decoys, ...[...names].reverse()]);
    const pr = adding(
      names.map((name, i) => ({ name, manifest: 'package-lock.json', license: i % 10 === 7 ? GPL : 'MIT' })),
    );

    const { ended, violations, places } = await judge(pr, {
      files: { 'package-lock.json': lockfile.text },
      timeoutMs: 60_000,
    });

    expect({ ended, violations }).toEqual({ ended: 1, violations: '2000' });
    const expected = new Map(
      names
        .filter((_, i) => i % 10 === 7)
        .map((name) => [`${name}@1.0.0`, `package-lock.json:${lockfile.lines.get(name)}`]),
    );
    expect(places).toEqual(expected);
  }, 90_000);
});

describe('manifests read in bounded memory', () => {
  // 50 lockfiles of 4 MiB each hold 200 MiB of text together: a run that keeps them whole cannot
  // finish within a heap of 128 MiB, one that passes over each and keeps its small index can.
  test('50 manifests of 4 MiB, each naming its package last, under a 128 MiB heap: each violation at its line', async () => {
    const manifests = Array.from({ length: 50 }, (_, k) => ({
      path: `services/s${k}/package-lock.json`,
      lockfile: paddedLockfile(`filler-${k}`, [`last-of-${k}`], 4 * 1024 * 1024),
    }));
    const pr = adding(manifests.map((m, k) => ({ name: `last-of-${k}`, manifest: m.path, license: GPL })));

    const { ended, violations, places } = await judge(pr, {
      files: Object.fromEntries(manifests.map((m) => [m.path, m.lockfile.text])),
      nodeArgs: ['--max-old-space-size=128'],
      timeoutMs: 60_000,
    });

    expect({ ended, violations }).toEqual({ ended: 1, violations: '50' });
    expect(places).toEqual(
      new Map(manifests.map((m, k) => [`last-of-${k}@1.0.0`, `${m.path}:${m.lockfile.lines.get(`last-of-${k}`)}`])),
    );
  }, 90_000);
});

describe('what the pass does not read: the annotation goes on line 1', () => {
  let outside: string;
  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), 'security-gate-outside-'));
  });
  afterAll(() => rm(outside, { recursive: true, force: true }));

  test('a manifest whose real path leads outside the workspace, and one larger than 16 MiB', async () => {
    const small = npmLockfile(['lic-outside']);
    await writeFile(join(outside, 'package-lock.json'), small.text);
    const large = paddedLockfile('filler', ['lic-large'], 16 * 1024 * 1024 + 1024);
    const pr = adding([
      { name: 'lic-outside', manifest: 'package-lock.json', license: GPL },
      { name: 'lic-large', manifest: 'large/package-lock.json', license: GPL },
      { name: 'lic-inside', manifest: 'inside/package-lock.json', license: GPL },
    ]);
    const inside = npmLockfile(['lic-inside']);

    const { ended, violations, places } = await judge(pr, {
      files: { 'large/package-lock.json': large.text, 'inside/package-lock.json': inside.text },
      links: { 'package-lock.json': join(outside, 'package-lock.json') },
    });

    expect({ ended, violations }).toEqual({ ended: 1, violations: '3' });
    expect(places).toEqual(
      new Map([
        ['lic-outside@1.0.0', 'package-lock.json:1'],
        ['lic-large@1.0.0', 'large/package-lock.json:1'],
        ['lic-inside@1.0.0', `inside/package-lock.json:${inside.lines.get('lic-inside')}`],
      ]),
    );
  }, 60_000);
});
