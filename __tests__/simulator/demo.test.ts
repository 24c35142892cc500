// `npm run demo -- --out DIR`: the demo run end to end (it spawns dist/index.js, so bundle first),
// keeping the job summary, the JSON report, the SARIF log, the raw log and the PR comment where the
// user asked; `--policy`, whose policy file is read at the pull request's base; and `--bad-pr`, a pull
// request whose compare and advisories a fake GitHub serves.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from '@jest/globals';

const ROOT = resolve(import.meta.dirname, '../..');
let parent: string;
afterAll(() => (parent ? rm(parent, { recursive: true, force: true }) : undefined));

const demo = (...args: string[]) =>
  promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), ['simulator/demo.ts', ...args], {
    cwd: ROOT,
    timeout: 25_000,
    maxBuffer: 16 * 1024 * 1024,
  });

test('--comment --out DIR keeps summary.md, report.json, results.sarif, log.txt and comment.md in DIR, creating it', async () => {
  parent = await mkdtemp(join(tmpdir(), 'security-gate-demo-'));
  const out = join(parent, 'new', 'dir');
  const { stdout } = await demo('--comment', '--out', out);
  const names = ['summary.md', 'report.json', 'results.sarif', 'log.txt', 'comment.md'];
  const [summary, report, sarif, log, comment] = await Promise.all(
    names.map((name) => readFile(join(out, name), 'utf8')),
  );
  expect(summary).toContain('#');
  expect(JSON.parse(report!)).toEqual(expect.objectContaining({ alerts: expect.any(Array) }));
  expect(JSON.parse(sarif!)).toEqual(expect.objectContaining({ version: '2.1.0', runs: expect.any(Array) }));
  // log.txt is the raw log, with the workflow commands the runner reads; the printed log reads as the runner shows it.
  expect(log).toMatch(/^::error [^:]*file=/m);
  expect(stdout).not.toMatch(/^::(error|warning|notice|group)/m);
  expect(stdout).toMatch(/^error {3}\S/m);
  // The sticky comment, as posted to the fake GitHub, and printed.
  expect(comment).toMatch(
    /^<!-- security-gate:sticky-comment -->\n## Security gate: ❌ Fails: 4 critical alerts already on main/,
  );
  expect(stdout).toContain('── PR comment');
  // The way out, in the default run: the Fix column, the failure message's upgrade, and an owned exception.
  for (const page of [summary!, comment!]) {
    expect(page).toMatch(/^\| Severity \| Advisory \| Package \| Fix \|/m);
    expect(page).toContain('| `pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1` | `2.15.0` |');
  }
  expect(summary).toMatch(/\| `2\.16\.0` \| 🔴 critical \| 2099-12-31 \| `@acme\/security` \|/);
  expect(log).toMatch(
    /What to do: upgrade org\.apache\.logging\.log4j:log4j-core to 2\.15\.0 in services\/catalog\/pom\.xml;/,
  );
  for (const name of names) expect(stdout).toContain(join(out, name));
}, 30_000);

test('--policy: the policy file is read at the pull request’s base, which a fake GitHub serves, and judges', async () => {
  const { stdout } = await demo('--policy');
  expect(stdout).toMatch(/^## Security gate: ❌ Fails: .* already on main/m);
  expect(stdout).toContain('**Failed** for `acme/webshop`');
  expect(stdout).toContain('Policy file: `.github/security-gate.yml`');
}, 30_000);

test('--kev runs a pull request on acme/ops-console with known-exploited fail and kev-url the simulator catalog: exit code 1, known exploited', async () => {
  const { stdout } = await promisify(execFile)(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['simulator/demo.ts', '--kev'],
    {
      cwd: ROOT,
      timeout: 25_000,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  expect(stdout).toMatch(/running dist\/index\.js for pull request #42 on acme\/ops-console$/m);
  expect(stdout).toMatch(
    /^known-exploited: fail, with the KEV catalog \(8 entries\) at http:\/\/127\.0\.0\.1:\d+\/kev\/known_exploited_vulnerabilities\.json$/m,
  );
  expect(stdout).toMatch(/repo_ops/);
  // The high alert fails the gate because CISA lists it: the run exits 1, read the catalog once.
  expect(stdout).toMatch(/^error {3}Security gate failed: 1 alert fails the gate as known exploited/m);
  expect(stdout).toMatch(/exit code 1 \(\d+ requests to the simulator, 1 of them for the KEV catalog, \d+ to GitHub\)/);
}, 30_000);

test('--bad-pr runs pull request #57 on acme/clean-lib, its compare and advisories served by a fake GitHub that the action reads', async () => {
  const { stdout } = await demo('--bad-pr');
  expect(stdout).toMatch(/running dist\/index\.js for pull request #57 on acme\/clean-lib$/m);
  expect(stdout).toMatch(
    /^ {2}org\.apache\.logging\.log4j:log4j-core 2\.14\.1 in java\/pom\.xml \(runtime, Apache-2\.0; GHSA-jfh8-c2jp-5v3q critical, /m,
  );
  expect(stdout).toMatch(/^ {2}ffmpeg-static 5\.2\.0 in package\.json \(runtime, GPL-3\.0-only\)$/m);
  expect(stdout).toMatch(
    /^ {2}micromatch 4\.0\.5 in package-lock\.json \(development, MIT; GHSA-952p-6rrq-rcjv moderate\)$/m,
  );
  expect(stdout).toMatch(
    /^GitHub was asked for (1 page|[2-9]\d* pages) of the compare and (1 GraphQL query|\d+ GraphQL queries) of its advisories$/m,
  );
  // It fails on what the pull request brings in: Log4Shell, critical, in the summary and the comment alike.
  expect(stdout).toMatch(/^── exit code 1 /m);
  const summary = stdout.slice(stdout.indexOf('## Security gate: '), stdout.indexOf('── PR comment'));
  const comment = stdout.slice(stdout.indexOf('── PR comment'));
  for (const page of [summary, comment]) {
    expect(page).toMatch(/^### Brought in by this pull request \(5\)$/m);
    expect(page).toMatch(
      /\| 🔴 critical \| \[GHSA-jfh8-c2jp-5v3q\]\([^)]*\) \| `org\.apache\.logging\.log4j:log4j-core@2\.14\.1` \| `2\.15\.0` \| `java\/pom\.xml` \| runtime \| ❌ fails the gate \|/,
    );
  }
  expect(stdout).toMatch(
    /^Brought in by this pull request \(5, pr-introduced: fail\): .*GHSA-jfh8-c2jp-5v3q, critical, org\.apache\.logging\.log4j:log4j-core@2\.14\.1, in java\/pom\.xml, gates/m,
  );
}, 30_000);

test('--no-graph: a pull request on a repository without a dependency graph, its change read from its Gradle lockfile, fails on Log4Shell', async () => {
  const { stdout } = await demo('--no-graph');
  expect(stdout).toMatch(/running dist\/index\.js for pull request #57 on acme\/clean-lib$/m);
  expect(stdout).toMatch(
    /^The change's dependencies \(\w{7}\.\.\.\w{7}\): 2 entries read from 1 lockfile \(GitHub's dependency review compare \(\w{7}\.\.\.\w{7}\) answered HTTP 403: .*\): java\/gradle\.lockfile$/m,
  );
  expect(stdout).toMatch(/^── exit code 1 /m);
  const summary = stdout.slice(stdout.indexOf('## Security gate: '), stdout.indexOf('── PR comment'));
  expect(summary).toContain('read from the lockfiles themselves for pull request 57');
  expect(summary).toMatch(
    /\| 🔴 critical \| \[GHSA-jfh8-c2jp-5v3q\]\([^)]*\) \| `org\.apache\.logging\.log4j:log4j-core@2\.14\.1` \| `2\.15\.0` \| `java\/gradle\.lockfile` \| runtime \| ❌ fails the gate \|/,
  );
  expect(stdout).toMatch(
    /^error {3}Security gate failed: 2 vulnerabilities brought in by this pull request fail the gate/m,
  );
}, 30_000);

test.each([
  ['an unknown flag', ['--bad_pr'], "Unknown option '--bad_pr'"],
  ['a stray word', ['clean'], "Unexpected argument 'clean'"],
  ['--out without its directory', ['--out'], "Option '--out <value>' argument missing"],
  ['--latency that is not a number', ['--latency', 'fast'], '--latency takes a whole number of milliseconds'],
])('%s: refused with the usage and exit code 2, before anything runs', async (_name, args, reason) => {
  const refused = await demo(...args).then(
    () => null,
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );
  expect(refused).toMatchObject({ code: 2, stdout: '' });
  expect(refused?.stderr).toContain(reason);
  expect(refused?.stderr).toContain('npm run demo -- [flags]\n  (none)');
});

test('--help: the usage on stdout, exit code 0, nothing run', async () => {
  const { stdout, stderr } = await demo('--help');
  expect(stdout).toMatch(/^npm run demo -- \[flags\]\n/);
  expect(stdout).toContain('--out DIR');
  expect(stdout).not.toContain('running dist/index.js');
  expect(stderr).toBe('');
});

test('--bad-pr with --fix-pr: two pull requests, refused with exit code 2 before anything runs', async () => {
  await expect(demo('--bad-pr', '--fix-pr')).rejects.toMatchObject({
    code: 2,
    stdout: '',
    stderr: expect.stringContaining('--fix-pr is another pull request than --bad-pr'),
  });
});
