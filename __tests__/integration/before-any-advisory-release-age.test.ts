// Before any advisory, release age (issue 33; contract: "Before any advisory: release age, malicious
// and denied packages", inputs min-release-age and release-age-url, output too-new-count), end to end
// through dist/ against the simulator's copy of deps.dev's v3 API and a fake GitHub. Publish times are
// the simulator's (simulator/deps-dev.ts: event-stream 3.3.6 in 2018, log4j-core 2.14.1 in 2021 …) or
// set by each test at a minute-aligned instant, so the reason's instants are known to the minute.
import { describe, expect, test } from '@jest/globals';
import { depsDevKey } from '../../simulator/deps-dev.js';
import type { CompareEntry } from '../../simulator/github.js';
import { PUSH } from './harness.js';
import {
  added,
  counts,
  DAYS_3,
  depsDevRequests,
  entryOf,
  failureText,
  HOUR,
  hoursBefore,
  npm,
  publishNpm,
  pullRequestAdding,
  removed,
  sourceInputs,
  useSupplyHarness,
  utcMinute,
} from './supply-fixtures.js';

const s = useSupplyHarness();

/** Published 2018-09-09 (the simulator's deps.dev): old under any release age up to 365 days. */
const OLD = npm('event-stream', '3.3.6');
/** A made-up package each test publishes when it needs it. */
const FRESH = npm('fresh-widget', '1.0.1');
const AGE_3D = { 'min-release-age': '3d' };

describe('release age: a version younger than min-release-age fails the gate', () => {
  test('published 14 h ago under 3d: fails; the reason names the publish instant, the age and the landing instant (UTC)', async () => {
    const at = hoursBefore(14);
    publishNpm(s.h.sim, FRESH.name, FRESH.version, at);
    const { run, report } = await s.judge(pullRequestAdding([added(FRESH), added(OLD)]), AGE_3D);

    expect(counts(run)).toEqual({
      exitCode: 1,
      result: 'fail',
      gating: '1',
      tooNew: '1',
      malicious: '',
      denied: '',
    });
    const fresh = entryOf(report, FRESH.name, FRESH.version);
    expect(fresh).toMatchObject({
      publishedAt: at.toISOString(),
      ageHours: 14,
      status: 'gating',
      disposition: { gates: true, rule: 'too-new' },
    });
    const lands = utcMinute(at.getTime() + DAYS_3);
    for (const part of [utcMinute(at), '14 h', lands]) expect(fresh.disposition.reason).toContain(part);
    // The failure message names it and when it may land.
    expect(failureText(run)).toContain(`${FRESH.name}@${FRESH.version}`);
    expect(failureText(run)).toContain(lands);
  });

  test('an old version passes, counted as 0 too new', async () => {
    const { run, report, requests } = await s.judge(pullRequestAdding([added(OLD)]), AGE_3D);
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '0', malicious: '', denied: '' });
    expect(entryOf(report, OLD.name, OLD.version)).toMatchObject({
      publishedAt: '2018-09-09T03:11:36.000Z',
      disposition: { gates: false },
    });
    expect(depsDevRequests(requests)).toHaveLength(1);
  });

  // A version published 50 hours ago: `3` is 3 days (72 h), not 3 hours; 1 hour and 365 days are in range.
  test.each([
    { age: '72h', ms: 72 * HOUR, tooNew: true },
    { age: '3d', ms: DAYS_3, tooNew: true },
    { age: '3', ms: DAYS_3, tooNew: true },
    { age: '2', ms: 48 * HOUR, tooNew: false },
    { age: '1h', ms: HOUR, tooNew: false },
    { age: '365d', ms: 365 * 24 * HOUR, tooNew: true },
  ])('min-release-age $age and a version 50 h old: too new $tooNew', async ({ age, ms, tooNew }) => {
    const at = hoursBefore(50);
    publishNpm(s.h.sim, FRESH.name, FRESH.version, at);
    const { run, report } = await s.judge(pullRequestAdding([added(FRESH)]), { 'min-release-age': age });
    expect(counts(run)).toMatchObject({ result: tooNew ? 'fail' : 'pass', tooNew: tooNew ? '1' : '0' });
    if (tooNew)
      expect(entryOf(report, FRESH.name, FRESH.version).disposition.reason).toContain(utcMinute(at.getTime() + ms));
  });
});

describe('release age follows pr-introduced', () => {
  test('warn: listed with a warning annotation, the gate passes, counted', async () => {
    publishNpm(s.h.sim, FRESH.name, FRESH.version, hoursBefore(14));
    const { run, report } = await s.judge(pullRequestAdding([added(FRESH)]), {
      ...AGE_3D,
      'pr-introduced': 'warn',
    });
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '1', malicious: '', denied: '' });
    expect(entryOf(report, FRESH.name, FRESH.version).disposition.gates).toBe(false);
    const warning = run.commands.find((c) => c.command === 'warning' && c.properties.title?.includes(FRESH.name));
    expect(warning?.properties).toMatchObject({ file: 'package.json' });
    expect(`${warning?.properties.title} ${warning?.message}`).toMatch(/too new/);
  });

  test.each([
    { what: 'pr-introduced off', inputs: { ...AGE_3D, 'pr-introduced': 'off' } },
    { what: 'min-release-age empty (off)', inputs: { 'min-release-age': '' } },
  ])('$what: deps.dev is not asked, too-new-count empty, nothing gates', async ({ inputs }) => {
    // Not known to deps.dev: were it asked, its publish time would be unknown, and it too new.
    const { run, requests } = await s.judge(pullRequestAdding([added(npm('ghost-widget', '0.0.1'))]), inputs);
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '', malicious: '', denied: '' });
    expect(depsDevRequests(requests)).toEqual([]);
  });
});

describe('unknown is new: a 404 or an unusable publishedAt makes a version too new, "publish time unknown"', () => {
  const UNKNOWN = ['ghost-widget', 'no-date', 'zoneless', 'far-future'];
  test('404, missing, zone-less and more than a day ahead gate; an offset zone and a few hours ahead are read', async () => {
    const { sim } = s.h;
    // ghost-widget: deps.dev has never seen it (404).
    publishNpm(sim, 'no-date', '1.0.0', { none: true });
    publishNpm(sim, 'zoneless', '1.0.0', { at: '2025-01-01T00:00:00' });
    publishNpm(sim, 'far-future', '1.0.0', { hoursAgo: -30 });
    // Usable: RFC 3339 with an offset (2018-12-31 22:00 UTC), and two hours ahead (a clock skew, not a lie).
    publishNpm(sim, 'offset-zone', '1.0.0', { at: '2019-01-01T00:00:00+02:00' });
    publishNpm(sim, 'skewed', '1.0.0', { hoursAgo: -2 });
    const names = [...UNKNOWN, 'offset-zone', 'skewed'];
    const { run, report } = await s.judge(
      pullRequestAdding(names.map((name) => added(npm(name, name === 'ghost-widget' ? '0.0.1' : '1.0.0')))),
      AGE_3D,
    );

    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '5', tooNew: '5', malicious: '', denied: '' });
    for (const name of UNKNOWN) {
      const entry = entryOf(report, name, name === 'ghost-widget' ? '0.0.1' : '1.0.0');
      expect({
        name,
        publishedAt: entry.publishedAt,
        gates: entry.disposition.gates,
        rule: entry.disposition.rule,
      }).toEqual({
        name,
        publishedAt: null,
        gates: true,
        rule: 'too-new',
      });
      expect(entry.disposition.reason).toContain('publish time unknown');
    }
    expect(entryOf(report, 'offset-zone', '1.0.0')).toMatchObject({
      publishedAt: '2018-12-31T22:00:00.000Z',
      disposition: { gates: false },
    });
    const skewed = entryOf(report, 'skewed', '1.0.0');
    expect(skewed.publishedAt).not.toBeNull();
    expect(skewed.disposition).toMatchObject({ gates: true, rule: 'too-new' });
    expect(skewed.disposition.reason).not.toContain('unknown');
  });
});

describe('not covered: an ecosystem deps.dev does not cover is not judged by age', () => {
  test('RubyGems and GitHub Actions are not asked; one notice gives how many and which ecosystems', async () => {
    const checkout: CompareEntry = {
      ...added({ ecosystem: 'actions', name: 'actions/checkout', version: '4.1.1' }, '.github/workflows/ci.yml'),
      package_url: 'pkg:githubactions/actions/checkout@4.1.1',
    };
    const pr = pullRequestAdding([
      added({ ecosystem: 'rubygems', name: 'rails', version: '7.1.0' }, 'Gemfile.lock'),
      checkout,
      added(OLD),
    ]);
    const { run, report, requests } = await s.judge(pr, AGE_3D);

    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '0', malicious: '', denied: '' });
    expect(depsDevRequests(requests).map((r) => r.url)).toEqual([
      '/depsdev/v3/systems/NPM/packages/event-stream/versions/3.3.6',
    ]);
    for (const [name, version] of [
      ['rails', '7.1.0'],
      ['actions/checkout', '4.1.1'],
    ] as const)
      expect(entryOf(report, name, version)).toMatchObject({ publishedAt: null, disposition: { gates: false } });
    const notices = run.commands.filter((c) => c.command === 'notice' && /release age/i.test(c.message));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/\b2 versions\b/);
    expect(notices[0]!.message).toMatch(/actions/i);
    expect(notices[0]!.message).toMatch(/rubygems/i);
  });
});

describe('a source that fails is an API error under on-api-error, never a pass', () => {
  test.each([
    {
      what: '500 after the retries, on-api-error fail',
      fault: 'error',
      inputs: {},
      asked: 2,
      exitCode: 1,
      result: 'error',
    },
    {
      what: '500, on-api-error warn',
      fault: 'error',
      inputs: { 'on-api-error': 'warn' },
      asked: 2,
      exitCode: 0,
      result: 'error',
    },
    { what: 'an answer that is not JSON', fault: 'garbage', inputs: {}, asked: 1, exitCode: 1, result: 'error' },
    // A known failure still wins: the denied package fails the gate whatever the release-age read did.
    {
      what: '500 with a denied package brought in',
      fault: 'error',
      inputs: { 'deny-packages': 'pkg:npm/event-stream' },
      asked: 2,
      exitCode: 1,
      result: 'fail',
    },
  ] as const)('$what: result $result', async ({ fault, inputs, asked, exitCode, result }) => {
    s.h.sim.depsDev.fault = fault;
    const { run, requests } = await s.judge(pullRequestAdding([added(OLD)]), {
      ...AGE_3D,
      'max-retries': '1',
      ...inputs,
    });
    expect({ exitCode: run.exitCode, result: run.outputs.result, tooNew: run.outputs['too-new-count'] }).toEqual({
      exitCode,
      result,
      tooNew: '',
    });
    expect(depsDevRequests(requests)).toHaveLength(asked);
    expect(run.stdout).toMatch(/release-age-url/);
  });

  test('under pr-introduced: warn (release age cannot fail the gate), a failed read is a warning', async () => {
    s.h.sim.depsDev.fault = 'error';
    const { run } = await s.judge(pullRequestAdding([added(OLD)]), { ...AGE_3D, 'pr-introduced': 'warn' });
    expect(counts(run)).toMatchObject({ exitCode: 0, result: 'pass', tooNew: '' });
    expect(run.warnings.join('\n')).toMatch(/release-age-url/);
  });
});

describe('what is asked, and what leaves the runner', () => {
  test('each distinct version once: two manifests adding one version are one request', async () => {
    publishNpm(s.h.sim, FRESH.name, FRESH.version, hoursBefore(200));
    const pr = pullRequestAdding([added(OLD), added(OLD, 'web/package.json'), added(FRESH, 'web/package.json')]);
    const { run, report, requests } = await s.judge(pr, AGE_3D);
    expect(counts(run)).toMatchObject({ result: 'pass', tooNew: '0' });
    expect(
      depsDevRequests(requests)
        .map((r) => r.url)
        .sort(),
    ).toEqual([
      '/depsdev/v3/systems/NPM/packages/event-stream/versions/3.3.6',
      '/depsdev/v3/systems/NPM/packages/fresh-widget/versions/1.0.1',
    ]);
    expect(entryOf(report, OLD.name, OLD.version).manifests.sort()).toEqual(['package.json', 'web/package.json']);
  });

  const encoded = s.once(async () => {
    const { sim } = s.h;
    sim.depsDev.versions.set(depsDevKey('GO', 'github.com/gorilla/mux', 'v1.8.0'), { at: '2020-07-17T04:49:43Z' });
    sim.depsDev.versions.set(depsDevKey('PYPI', 'requests', '2.31.0'), { at: '2023-05-22T15:12:42Z' });
    return s.judge(
      pullRequestAdding([
        added(npm('@simulated-scope/tiny-hue', '3.0.2')),
        added({ ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' }, 'java/pom.xml'),
        added({ ecosystem: 'golang', name: 'github.com/gorilla/mux', version: 'v1.8.0' }, 'go.mod'),
        added({ ecosystem: 'pypi', name: 'requests', version: '2.31.0' }, 'requirements.txt'),
      ]),
      AGE_3D,
    );
  });

  test('paths: SYSTEM from the ecosystem, each segment percent-encoded (%40scope%2Fname, Maven group%3Aartifact)', () => {
    const { run, requests } = encoded();
    expect(counts(run)).toMatchObject({ result: 'pass', tooNew: '0' });
    expect(
      depsDevRequests(requests)
        .map((r) => r.url)
        .sort(),
    ).toEqual([
      '/depsdev/v3/systems/GO/packages/github.com%2Fgorilla%2Fmux/versions/v1.8.0',
      '/depsdev/v3/systems/MAVEN/packages/org.apache.logging.log4j%3Alog4j-core/versions/2.14.1',
      '/depsdev/v3/systems/NPM/packages/%40simulated-scope%2Ftiny-hue/versions/3.0.2',
      '/depsdev/v3/systems/PYPI/packages/requests/versions/2.31.0',
    ]);
  });

  test('nothing but the system, name and version: a GET with no query, no body, no token, cookie or service header', () => {
    const asked = depsDevRequests(encoded().requests);
    expect(asked).toHaveLength(4);
    for (const request of asked) {
      expect({ url: request.url, method: request.method, body: request.body }).toEqual({
        url: request.path,
        method: 'GET',
        body: undefined,
      });
      const names = Object.keys(request.headers);
      expect(names.filter((n) => /^(authorization|cookie|proxy-authorization)$|^x-service-/.test(n))).toEqual([]);
      const text = JSON.stringify(request.headers);
      for (const word of ['acme', 'clean-lib', 'repo_clean', 'org_']) expect(text).not.toContain(word);
    }
  });

  test('moved packages (removed in one manifest, added in another) are not asked', async () => {
    const ghost = npm('ghost-widget', '0.0.1'); // unknown to deps.dev: asked, it would be too new
    const pr = pullRequestAdding([removed(ghost, 'web/package.json'), added(ghost), added(OLD)]);
    const { run, requests } = await s.judge(pr, AGE_3D);
    expect(counts(run)).toMatchObject({ exitCode: 0, result: 'pass', tooNew: '0' });
    expect(depsDevRequests(requests).map((r) => r.url)).toEqual([
      '/depsdev/v3/systems/NPM/packages/event-stream/versions/3.3.6',
    ]);
  });

  test('fail-on-scopes: runtime spares a too-new development dependency (still counted); a runtime one gates', async () => {
    const dev = npm('fresh-dev-tool', '0.9.0');
    publishNpm(s.h.sim, dev.name, dev.version, hoursBefore(14));
    publishNpm(s.h.sim, FRESH.name, FRESH.version, hoursBefore(14));
    const pr = pullRequestAdding([added(dev, 'package.json', 'development'), added(FRESH)]);
    const { run, report } = await s.judge(pr, { ...AGE_3D, 'fail-on-scopes': 'runtime' });
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', tooNew: '2', malicious: '', denied: '' });
    expect(entryOf(report, dev.name, dev.version).disposition.gates).toBe(false);
    expect(entryOf(report, FRESH.name, FRESH.version).disposition.gates).toBe(true);
  });
});

describe('too-new-count is empty when the check was not made', () => {
  test('a push (no change): nothing asked, too-new-count empty', async () => {
    const run = await s.h.gate(
      { ...AGE_3D, ...sourceInputs(s.h.sim), 'fail-on-severity': 'none', 'report-file': 'security-gate.json' },
      PUSH,
    );
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '', malicious: '', denied: '' });
    expect(depsDevRequests(s.h.sim.requests)).toEqual([]);
  });

  test('a pull request whose change is not read (pr-changes: off): nothing asked, too-new-count empty', async () => {
    const { run, requests } = await s.judge(pullRequestAdding([added(npm('ghost-widget', '0.0.1'))]), {
      ...AGE_3D,
      'pr-changes': 'off',
    });
    expect(counts(run)).toMatchObject({ exitCode: 0, result: 'pass', tooNew: '' });
    expect(depsDevRequests(requests)).toEqual([]);
  });
});

describe('input errors: a bad duration or release-age-url names the input, and nothing is sent', () => {
  test.each([
    { input: 'min-release-age', value: '0h', named: /min-release-age: "0h"/ },
    { input: 'min-release-age', value: '366d', named: /min-release-age: "366d"/ },
    { input: 'min-release-age', value: 'abc', named: /min-release-age: "abc"/ },
    { input: 'release-age-url', value: 'http://deps.example.com', named: /release-age-url: .*deps\.example\.com/ },
  ])('$input: $value', async ({ input, value, named }) => {
    const { run, requests, github } = await s.judge(pullRequestAdding([added(OLD)]), { ...AGE_3D, [input]: value });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(failureText(run)).toMatch(named);
    expect(requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });
});
