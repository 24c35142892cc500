// Pull requests, end to end (contract: "Pull requests and time"): dist/index.js against the simulator
// and a fake GitHub serving the dependency review compare. What is resolved is read from the JSON
// report, the outputs, the exit code and the log; what should be comes from the simulator's data and
// the compare each test writes, never from src/policy.
import { describe, expect, test } from '@jest/globals';
import { defaultData, FIX_PR, fixPullRequestChanges, MAIN_REPO } from '../../simulator/data.js';
import { compareEntry, type CompareEntry, type ComparedPackage } from '../../simulator/github.js';
import type { ScaAlert, ScaPackage } from '../../simulator/wire.js';
import {
  alertPackage,
  BASE,
  byAdvisory,
  compareKey,
  comparePath,
  HEAD,
  listedManifests,
  manifestOf,
  mergeGroupEvent,
  notices,
  prng,
  pullRequestEvent,
  REPORT,
  reportOf,
  sameTarget,
  type PackageKey,
  type Report,
} from './change-fixtures.js';
import {
  CLEAN,
  expected,
  PATHS,
  useFakeGitHub,
  useSimulator,
  webshopAlerts,
  type GateOptions,
  type Threshold,
} from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

/**
 * A run on a pull request of acme/webshop (base and head in the event), GitHub's API the fake one.
 * What the pull request resolves alone: what it brings in (pr-introduced) has tests of its own
 * (introduced.test.ts), and the compares here add vulnerable versions on purpose.
 */
async function judge(inputs: Record<string, string> = {}, options: GateOptions = {}) {
  const run = await h.gate(
    { 'report-file': REPORT, 'max-retries': '0', 'pr-introduced': 'off', ...inputs },
    { event: pullRequestEvent(), ...options, env: { GITHUB_API_URL: fake.github.url, ...options.env } },
  );
  return { run, report: reportOf(run) };
}

/** The requests the fake GitHub received for the compare. */
const compareRequests = () => fake.github.requests.filter((r) => r.path.includes('/dependency-graph/compare/'));

/** A package of acme/webshop as the package search lists it (the first, when it lists it twice). */
function listed(name: string, version: string): ScaPackage & ComparedPackage {
  const found = h.sim.state.packages.find(
    (p) => p.repositoryId === MAIN_REPO.id && p.name === name && p.version === version,
  );
  if (!found) throw new Error(`acme/webshop has no package ${name}@${version}`);
  return found;
}

/** The package search lists `pkg` in one more manifest too. */
function alsoListedIn(pkg: ScaPackage, manifestPath: string): void {
  h.sim.state.packages.push({ ...pkg, id: `${pkg.id}_also`, manifestPath });
}

const alertOf = (advisory: string): ScaAlert => {
  const alert = webshopAlerts(h.sim).find((a) => a.metadata.id === advisory);
  if (!alert) throw new Error(`no alert ${advisory} in acme/webshop`);
  return alert;
};

/** What the report says the pull request did to an alert. */
const outcome = (report: Report, advisory: string) => {
  const alert = byAdvisory(report).get(advisory);
  return alert && { status: alert.status, resolution: alert.resolution, changed: alert.changedByPullRequest };
};

/** The expected gating alerts' advisories under `threshold`, from the data. */
const gatingAdvisories = (threshold: Threshold) =>
  expected(webshopAlerts(h.sim), threshold).gating.map((a) => a.metadata.id);

describe('a pull request that fixes the critical alerts', () => {
  test('resolves each (all three conditions hold) and passes; resolved-count, the JSON resolution, the change', async () => {
    const gating = gatingAdvisories('critical');
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const { run, report } = await judge({ 'fail-on-severity': 'critical' });

    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(run.outputs['resolved-count']).toBe(String(gating.length));
    expect(run.outputs['gating-count']).toBe('0');
    // Each gating alert on an upgraded version is resolved: removed from its manifest, the new version added.
    const resolutions = Object.fromEntries(
      FIX_PR.upgrades.flatMap(([spec, to]) => {
        const [, name = '', version = ''] = /^[a-z]+:(.+)@([^@]+)$/.exec(spec) ?? [];
        const manifests = [listed(name, version).manifestPath];
        return webshopAlerts(h.sim)
          .filter((a) => gating.includes(a.metadata.id) && alertPackage(a).name === name.toLowerCase())
          .map((a) => [
            a.metadata.id,
            { status: 'resolved', resolution: { manifests, removed: version, added: [to] } },
          ]);
      }),
    );
    expect(Object.keys(resolutions).sort()).toEqual([...gating].sort());
    const actual = Object.fromEntries(
      report.alerts
        .filter((a) => a.status === 'resolved')
        .map((a) => [a.advisory, { status: a.status, resolution: a.resolution }]),
    );
    expect(actual).toEqual(resolutions);
    // log4j-core's alerts below the threshold: the rule applies to every listed alert, so they are
    // fixed by this pull request (2.17.1 carries neither advisory), not counted, never labelled changed.
    const fixed = report.alerts.filter((a) => a.resolution !== null && a.status !== 'resolved');
    expect(fixed.map((a) => [a.advisory, a.status, a.changedByPullRequest]).sort()).toEqual([
      ['GHSA-8489-44mv-ggj8', 'below-threshold', false],
      ['GHSA-p6xc-xr62-6r2g', 'below-threshold', false],
    ]);
    expect(report.alerts.filter((a) => a.changedByPullRequest)).toEqual([]);
    expect(report.change).toEqual({
      event: 'pull_request',
      pullRequest: 7,
      base: BASE,
      head: HEAD,
      state: 'read',
      entries: fixPullRequestChanges(h.sim.state).length,
      reason: null,
      lockfiles: null,
    });
    expect(report.counts?.resolved).toBe(gating.length);
    // One GET of the compare of the event's base and head, with github-token; nothing to say in a notice.
    expect(fake.github.requests).toEqual([
      { method: 'GET', path: comparePath(), authorization: 'Bearer ghs_fakeGithubTokenForTests' },
    ]);
    expect(notices(run)).toEqual([]);
  });

  test('the job summary names each alert it resolves by advisory', async () => {
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const { run } = await judge({ 'fail-on-severity': 'critical' });
    expect(run.exitCode).toBe(0);
    for (const advisory of gatingAdvisories('critical')) expect(run.summary).toContain(advisory);
  });
});

/** One way a change can touch an alert, and what the contract then says. */
interface Case {
  rule: string;
  /** Changes to the service's data first (the package search, an alert's aliases). */
  setup?: () => void;
  entries: () => CompareEntry[];
  /** advisory -> the outcome the contract gives it. */
  expect: () => Record<string, ReturnType<typeof outcome>>;
}

const resolved = (manifests: string[], removed: string, added: string[]) => ({
  status: 'resolved',
  resolution: { manifests, removed, added },
  changed: false,
});
const changedOnly = (status = 'gating') => ({ status, resolution: null, changed: true });
/** Below the threshold, the change resolves it: fixed by this pull request, not counted, not labelled changed. */
const fixed = (manifests: string[], removed: string, added: string[]) => ({
  status: 'below-threshold',
  resolution: { manifests, removed, added },
  changed: false,
});
const untouched = (status = 'gating') => ({ status, resolution: null, changed: false });
const at = (pkg: ComparedPackage, version: string): ComparedPackage => ({ ...pkg, version });

// Under fail-on-severity high; each case touches packages no other case touches, so one run judges all.
const CASES: Case[] = [
  {
    rule: 'rule 1 fails: the version is removed from one manifest of the two the package search lists',
    setup: () => alsoListedIn(listed('org.apache.commons:commons-text', '1.9'), 'services/search/pom.xml'),
    entries: () => {
      const pkg = listed('org.apache.commons:commons-text', '1.9');
      return [
        compareEntry('removed', pkg, pkg.manifestPath),
        compareEntry('added', at(pkg, '1.10.0'), pkg.manifestPath),
      ];
    },
    expect: () => ({ 'GHSA-599f-7c49-w659': changedOnly() }),
  },
  {
    rule: 'rule 1 holds: removed from both manifests (one named with a leading ./)',
    setup: () => alsoListedIn(listed('org.springframework:spring-beans', '5.3.17'), 'services/search/pom.xml'),
    entries: () => {
      const pkg = listed('org.springframework:spring-beans', '5.3.17');
      return [
        compareEntry('removed', pkg, pkg.manifestPath),
        compareEntry('removed', pkg, './services/search/pom.xml'),
        compareEntry('added', at(pkg, '5.3.18'), pkg.manifestPath),
      ];
    },
    expect: () => ({
      'GHSA-36p3-wjmg-h94x': resolved(['services/catalog/pom.xml', 'services/search/pom.xml'], '5.3.17', ['5.3.18']),
    }),
  },
  {
    rule: 'rule 1 fails: the package search lists the version in no manifest',
    setup: () => {
      h.sim.state.packages = h.sim.state.packages.filter((p) => p.name !== 'golang.org/x/net');
    },
    entries: () => [
      compareEntry(
        'removed',
        { ecosystem: 'golang', name: 'golang.org/x/net', version: 'v0.7.0' },
        'services/gateway/go.mod',
      ),
    ],
    expect: () => ({ 'GHSA-4374-p667-p6c8': changedOnly() }),
  },
  {
    rule: 'rule 2 fails: the same version is added back in another manifest',
    entries: () => {
      const pkg = listed('node-fetch', '2.6.0');
      return [
        compareEntry('removed', pkg, pkg.manifestPath),
        compareEntry('added', at(pkg, '2.6.7'), pkg.manifestPath),
        compareEntry('added', pkg, 'tools/package.json'),
      ];
    },
    expect: () => ({ 'GHSA-r683-j2x4-v87g': changedOnly(), 'GHSA-w7rc-rwvf-8q5r': changedOnly('below-threshold') }),
  },
  {
    rule: 'rule 3 fails for the advisory the replacement is vulnerable to (GitHub upper-cases it), holds for the others',
    entries: () => {
      const pkg = listed('org.apache.logging.log4j:log4j-core', '2.14.1');
      return [
        compareEntry('removed', pkg, pkg.manifestPath),
        compareEntry('added', at(pkg, '2.15.0'), pkg.manifestPath, ['GHSA-7RJR-3Q55-VV33', 'GHSA-0000-unrelated']),
      ];
    },
    expect: () => ({
      'GHSA-jfh8-c2jp-5v3q': resolved(['services/catalog/pom.xml'], '2.14.1', ['2.15.0']),
      'GHSA-p6xc-xr62-6r2g': resolved(['services/catalog/pom.xml'], '2.14.1', ['2.15.0']),
      'GHSA-7rjr-3q55-vv33': changedOnly(),
      // Below the threshold, and 2.15.0 does not carry it: fixed by this pull request (not counted).
      'GHSA-8489-44mv-ggj8': fixed(['services/catalog/pom.xml'], '2.14.1', ['2.15.0']),
    }),
  },
  {
    rule: 'rule 3 fails through an alias: GitHub lists the replacement under a GHSA id the alert has as an alias',
    setup: () => alertOf('GHSA-hrpp-h998-j3pp').metadata.aliases.push('GHSA-6c3j-c64m-qhgq'),
    entries: () => {
      const pkg = listed('qs', '6.7.0');
      return [
        compareEntry('removed', pkg, pkg.manifestPath),
        compareEntry('added', at(pkg, '6.7.2'), pkg.manifestPath, ['ghsa-6c3j-c64m-qhgq']),
      ];
    },
    expect: () => ({ 'GHSA-hrpp-h998-j3pp': changedOnly() }),
  },
  {
    rule: 'the manifest path differs from the package search (services/ left out)',
    entries: () => [
      compareEntry('removed', listed('com.fasterxml.jackson.core:jackson-databind', '2.12.6'), 'catalog/pom.xml'),
    ],
    expect: () => ({ 'GHSA-57j2-w4cx-62h2': changedOnly(), 'GHSA-jjjh-jjxp-wpff': changedOnly() }),
  },
  {
    rule: 'a range is no version: a removed ~2.29.1 resolves nothing',
    entries: () => {
      const pkg = listed('moment', '2.29.1');
      return [
        compareEntry('removed', at(pkg, '~2.29.1'), pkg.manifestPath),
        compareEntry('added', at(pkg, '2.29.4'), pkg.manifestPath),
      ];
    },
    expect: () => ({ 'GHSA-8hfj-j24r-96c4': changedOnly(), 'GHSA-wc69-rhjr-hc9g': changedOnly() }),
  },
  {
    rule: 'a name@version alert compares name and version: removed from ./package-lock.json, nothing added',
    entries: () => [compareEntry('removed', listed('minimist', '1.2.5'), './package-lock.json')],
    expect: () => ({ 'GHSA-xvch-5gv4-984h': resolved(['package-lock.json'], '1.2.5', []) }),
  },
  {
    rule: 'a name@version alert: another version of the package removed resolves nothing',
    entries: () => [compareEntry('removed', at(listed('ansi-regex', '5.0.0'), '5.0.1'), 'package-lock.json')],
    expect: () => ({ 'GHSA-93q8-gq69-wqmw': changedOnly() }),
  },
  {
    rule: 'a package URL of another ecosystem is another package: not resolved, not changed',
    entries: () => [compareEntry('removed', { ...listed('lodash', '4.17.20'), ecosystem: 'pypi' }, 'package.json')],
    expect: () => ({ 'GHSA-35jh-r3h4-6jhm': untouched(), 'GHSA-29mw-wpgm-hmr9': untouched('below-threshold') }),
  },
  {
    rule: 'only an alert that would gate is resolved; those below the threshold are fixed, never labelled changed',
    entries: () => {
      const pkg = listed('axios', '0.21.0');
      return [
        compareEntry('removed', pkg, pkg.manifestPath),
        compareEntry('added', at(pkg, '0.21.2'), pkg.manifestPath),
      ];
    },
    expect: () => ({
      'GHSA-cph5-m8f7-6c5x': resolved(['package.json'], '0.21.0', ['0.21.2']),
      'GHSA-4w2v-q235-vp99': fixed(['package.json'], '0.21.0', ['0.21.2']),
      'GHSA-wf5p-g6vw-rhxx': fixed(['package.json'], '0.21.0', ['0.21.2']),
    }),
  },
];

describe('the three conditions, each failing and holding', () => {
  test('one change judged against every case: resolved only where all three hold; the rest labelled; the verdict fails', async () => {
    for (const c of CASES) c.setup?.();
    fake.github.compares.set(
      compareKey(),
      CASES.flatMap((c) => c.entries()),
    );
    const { run, report } = await judge({ 'fail-on-severity': 'high' });

    const want = Object.fromEntries(CASES.map((c) => [c.rule, c.expect()]));
    const got = Object.fromEntries(
      CASES.map((c) => [c.rule, Object.fromEntries(Object.keys(c.expect()).map((id) => [id, outcome(report, id)]))]),
    );
    expect(got).toEqual(want);
    // Every alert no case names is untouched.
    const named = new Set(CASES.flatMap((c) => Object.keys(c.expect())));
    const touched = report.alerts.filter((a) => !named.has(a.advisory) && (a.changedByPullRequest || a.resolution));
    expect(touched.map((a) => a.advisory)).toEqual([]);

    const resolvedIds = Object.values(want).flatMap((o) =>
      Object.entries(o).flatMap(([id, v]) => (v?.status === 'resolved' ? [id] : [])),
    );
    const gating = gatingAdvisories('high');
    expect(run.outputs['resolved-count']).toBe(String(resolvedIds.length));
    expect(run.outputs['gating-count']).toBe(String(gating.length - resolvedIds.length));
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'fail' });
    expect([...report.verdict.gating].sort()).toEqual(
      webshopAlerts(h.sim)
        .filter((a) => gating.includes(a.metadata.id) && !resolvedIds.includes(a.metadata.id))
        .map((a) => a.id)
        .sort(),
    );
  });
});

/** A failure of a read resolution needs, and what the log says about it (null: no notice at all). */
interface FailureMode {
  what: string;
  setup?: () => void;
  inputs?: Record<string, string>;
  options?: GateOptions;
  notice: RegExp | null;
  /** GET requests of the compare GitHub should see. */
  requests: number;
  /** The package search is read (with annotations off no report needs it: resolution alone does). */
  packages: boolean;
  state: 'off' | 'unavailable' | null;
}

const FAILURE_MODES: FailureMode[] = [
  {
    what: '403 (dependency graph or code security not enabled)',
    setup: () => (fake.github.failRoute.compare = 403),
    notice: /HTTP 403: the dependency graph or code security is not enabled.*enable the dependency graph/,
    requests: 1,
    packages: true,
    state: 'unavailable',
  },
  {
    what: '404',
    setup: () => fake.github.compares.clear(),
    notice: /HTTP 404: the dependency graph is not enabled/,
    requests: 1,
    packages: true,
    state: 'unavailable',
  },
  {
    what: '500, after the retries',
    setup: () => (fake.github.failRoute.compare = 500),
    inputs: { 'max-retries': '1' },
    notice: /answered HTTP 500/,
    requests: 2,
    packages: true,
    state: 'unavailable',
  },
  {
    what: 'an answer that is not JSON',
    setup: () => (fake.github.failRoute.compare = 'garbage'),
    notice: /not JSON/,
    requests: 1,
    packages: true,
    state: 'unavailable',
  },
  {
    what: 'JSON that is not a list',
    setup: () => fake.github.compares.set(compareKey(), { message: 'ok' } as unknown as CompareEntry[]),
    notice: /not a list of changes/,
    requests: 1,
    packages: true,
    state: 'unavailable',
  },
  {
    what: 'a list with an entry that does not parse',
    setup: () =>
      fake.github.compares.set(compareKey(), [
        ...fixPullRequestChanges(h.sim.state),
        { change_type: 'modified', manifest: 'package.json' } as unknown as CompareEntry,
      ]),
    notice: /not a list of changes/,
    requests: 1,
    packages: true,
    state: 'unavailable',
  },
  {
    what: 'GitHub unreachable',
    options: { env: { GITHUB_API_URL: 'http://127.0.0.1:9' } },
    notice: /could not be reached/,
    requests: 0,
    packages: true,
    state: 'unavailable',
  },
  {
    what: 'no base and head in the event',
    options: { event: pullRequestEvent(null, null) },
    notice: /does not name its base and head commits/,
    requests: 0,
    packages: false,
    state: 'unavailable',
  },
  {
    what: 'an empty github-token',
    inputs: { 'github-token': '' },
    notice: /github-token is empty/,
    requests: 0,
    packages: false,
    state: 'unavailable',
  },
  {
    what: 'the package search failing, though the compare was read',
    setup: () => h.sim.script(PATHS.packages, { status: 500 }),
    notice: /package search could not be read/,
    requests: 1,
    packages: true,
    state: 'unavailable',
  },
  {
    what: 'pr-changes: off (chosen: no notice)',
    inputs: { 'pr-changes': 'off' },
    notice: null,
    requests: 0,
    packages: false,
    state: 'off',
  },
  {
    what: 'a push event (no change to judge)',
    options: { eventName: 'push', event: { repository: { id: 123456789, full_name: MAIN_REPO.name } } },
    notice: null,
    requests: 0,
    packages: false,
    state: null,
  },
];

describe('fail closed: nothing is resolved when a read it needs fails', () => {
  test.each(FAILURE_MODES)(
    '$what: the fix is not seen, the verdict is as without it, resolved-count empty',
    async ({ setup, inputs = {}, options = {}, notice, requests, packages, state }) => {
      // The pull request fixes every critical alert; GitHub would say so if asked and able.
      fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
      setup?.();
      const gating = gatingAdvisories('critical');
      const { run, report } = await judge({ 'fail-on-severity': 'critical', annotations: 'false', ...inputs }, options);

      expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'fail' });
      expect(run.outputs['gating-count']).toBe(String(gating.length));
      expect([...report.verdict.gating].sort()).toEqual(
        webshopAlerts(h.sim)
          .filter((a) => gating.includes(a.metadata.id))
          .map((a) => a.id)
          .sort(),
      );
      expect(run.outputs['resolved-count']).toBe('');
      expect(report.alerts.filter((a) => a.status === 'resolved' || a.resolution !== null)).toEqual([]);
      expect(report.change?.state ?? null).toBe(state);
      expect(report.counts?.resolved).toBeNull();
      const said = notices(run);
      if (notice === null) expect(said).toEqual([]);
      else {
        expect(said).toHaveLength(1);
        expect(said[0]).toMatch(/^Nothing is resolved by this pull request: /);
        expect(said[0]).toMatch(notice);
        expect(report.change?.reason).toMatch(notice);
      }
      expect(compareRequests()).toHaveLength(requests);
      expect({ packagesRead: h.requests(PATHS.packages).length > 0 }).toEqual({ packagesRead: packages });
    },
  );

  test('a compare read with no entry: resolved-count 0, not empty, and no notice', async () => {
    fake.github.compares.set(compareKey(), []);
    const { run, report } = await judge({ 'fail-on-severity': 'critical' });
    expect({ exitCode: run.exitCode, resolved: run.outputs['resolved-count'] }).toEqual({ exitCode: 1, resolved: '0' });
    expect(report.change).toMatchObject({ state: 'read', entries: 0, reason: null });
    expect(notices(run)).toEqual([]);
  });

  test('the read never fails the step by itself: a clean repository passes with the compare failing', async () => {
    fake.github.failRoute.compare = 500;
    const pr = CLEAN.event.pull_request;
    const event = { ...CLEAN.event, pull_request: { ...pr, base: { sha: BASE }, head: { ...pr.head, sha: HEAD } } };
    const { run, report } = await judge({}, { ...CLEAN, event });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(run.outputs['resolved-count']).toBe('');
    expect(report.change?.state).toBe('unavailable');
    expect(notices(run)).toEqual([expect.stringMatching(/answered HTTP 500/)]);
    expect(run.errors).toEqual([]);
  });
});

describe('merge queues and pull_request_target', () => {
  test('merge_group: the compare of base_sha...head_sha judges what lands; no comment, even with comment-on-pr always', async () => {
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const gating = gatingAdvisories('critical');
    const { run, report } = await judge(
      { 'fail-on-severity': 'critical', 'comment-on-pr': 'always' },
      { eventName: 'merge_group', event: mergeGroupEvent() },
    );
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(run.outputs['resolved-count']).toBe(String(gating.length));
    expect(report.change).toMatchObject({
      event: 'merge_group',
      pullRequest: null,
      base: BASE,
      head: HEAD,
      state: 'read',
    });
    // The compare and nothing else: no comment read or written.
    expect(fake.github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${comparePath()}`]);
    expect(fake.github.comments).toEqual([]);
  });

  test('merge_group: a failed read says so of the merge group', async () => {
    const { run } = await judge({}, { eventName: 'merge_group', event: mergeGroupEvent() });
    expect(run.exitCode).toBe(1);
    expect(notices(run)).toEqual([expect.stringMatching(/^Nothing is resolved by this merge group: .*HTTP 404/)]);
  });

  test('pull_request_target: judged like a pull request, and commented on', async () => {
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    const { run, report } = await judge(
      { 'fail-on-severity': 'critical', 'comment-on-pr': 'always' },
      { eventName: 'pull_request_target' },
    );
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 0, result: 'pass' });
    expect(run.outputs['resolved-count']).toBe(String(gatingAdvisories('critical').length));
    expect(report.change).toMatchObject({ event: 'pull_request_target', pullRequest: 7, state: 'read' });
    expect(compareRequests()).toHaveLength(1);
    expect(fake.github.comments).toHaveLength(1);
  });
});

// ---------- a property over random changes ----------

const THRESHOLDS: Threshold[] = ['critical', 'high', 'medium', 'low'];
type Fault = 'none' | 'compare-500' | 'compare-403' | 'compare-garbage' | 'compare-missing' | 'packages-500';

/** A random change over acme/webshop's alerted packages, and what else goes on in the run. */
function randomRun(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const state = h.sim.state;
  const entries: CompareEntry[] = [];
  const seen = new Set<string>();
  for (const alert of webshopAlerts(h.sim)) {
    const key = alertPackage(alert);
    const pkg = state.packages.find(
      (p) => p.repositoryId === MAIN_REPO.id && p.name.toLowerCase() === key.name && p.version === key.version,
    );
    if (!pkg || seen.has(`${pkg.name}@${pkg.version}`)) continue;
    seen.add(`${pkg.name}@${pkg.version}`);
    if (chance(0.2)) alsoListedIn(pkg, `extra/${pkg.manifestPath}`);
    if (chance(0.3)) continue; // the change leaves this package alone
    const manifests = listedManifests(state.packages, {
      ecosystem: pkg.ecosystem,
      name: key.name,
      version: pkg.version,
    });
    const advisories = webshopAlerts(h.sim)
      .filter((a) => alertPackage(a).name === key.name)
      .flatMap((a) => [a.metadata.id, ...a.metadata.aliases]);
    // Names compared case-insensitively: GitHub's package URL sometimes in another case.
    const named = chance(0.1) ? { ...pkg, name: pkg.name.toUpperCase() } : pkg;
    for (const manifest of manifests) {
      if (!chance(0.85)) continue;
      const path = pick([manifest, manifest, manifest, manifest, `./${manifest}`, `sub/${manifest}`]);
      entries.push(compareEntry('removed', chance(0.1) ? at(named, `^${pkg.version}`) : named, path));
    }
    for (let n = Math.floor(random() * 3); n > 0; n--) {
      const version = pick([
        `${pkg.version}.${n}`,
        `${pkg.version}.${n}`,
        `${pkg.version}.${n}`,
        pkg.version,
        `~${pkg.version}`,
      ]);
      const vulnerable = chance(0.25) ? [chance(0.5) ? pick(advisories) : pick(advisories).toUpperCase()] : [];
      const unrelated = chance(0.1) ? ['GHSA-aaaa-bbbb-cccc'] : [];
      entries.push(compareEntry('added', at(named, version), pick(manifests), [...vulnerable, ...unrelated]));
    }
    // The same name in another ecosystem: another package, but the same one to a name@version alert.
    if (chance(0.05))
      entries.push(
        compareEntry('removed', { ...pkg, ecosystem: pkg.ecosystem === 'pypi' ? 'npm' : 'pypi' }, pick(manifests)),
      );
  }
  return { entries, threshold: pick(THRESHOLDS) };
}

/** Every third round, a read resolution needs fails, each way in turn. */
const FAULTS: Fault[] = ['compare-500', 'packages-500', 'compare-403', 'compare-garbage', 'compare-missing'];
const faultOf = (round: number): Fault => (round % 3 === 2 ? FAULTS[Math.floor(round / 3) % FAULTS.length]! : 'none');

/** The contract's three conditions for one alert, read literally over the test's own data. */
function conditions(alert: ScaAlert, entries: CompareEntry[], packages: ScaPackage[]) {
  const pkg: PackageKey = alertPackage(alert);
  const mine = entries.filter((e) => sameTarget(e, pkg));
  const added = mine.filter((e) => e.change_type === 'added');
  const manifests = listedManifests(packages, pkg);
  const removedFrom = (m: string) =>
    mine.some((e) => e.change_type === 'removed' && e.version === pkg.version && manifestOf(e) === m);
  const advisories = [alert.metadata.id, ...alert.metadata.aliases].map((a) => a.toLowerCase());
  return {
    touched: mine.length > 0,
    rule1: manifests.length > 0 && manifests.every(removedFrom),
    rule2: !added.some((e) => e.version === pkg.version),
    rule3: !added.some((e) => e.vulnerabilities.some((v) => advisories.includes(v.advisory_ghsa_id.toLowerCase()))),
    // An entry of the package that is not one exact version: the contract does not say it resolves.
    onlyExact: mine.every((e) => !/^[~^]/.test(e.version)),
    manifests,
    added: [...new Set(added.map((e) => e.version))].sort(),
  };
}

describe('property: random changes through dist/', () => {
  test('an alert is resolved only when the three conditions hold, and never when a read it needs failed', async () => {
    const random = prng(0x15_7e57);
    const problems: string[] = [];
    for (let round = 0; round < 15; round++) {
      h.sim.reset();
      fake.github.reset();
      h.sim.state = defaultData();
      const { entries, threshold } = randomRun(random);
      const fault = faultOf(round);
      fake.github.compares.set(compareKey(), entries);
      if (fault === 'compare-500') fake.github.failRoute.compare = 500;
      if (fault === 'compare-403') fake.github.failRoute.compare = 403;
      if (fault === 'compare-garbage') fake.github.failRoute.compare = 'garbage';
      if (fault === 'compare-missing') fake.github.compares.clear();
      if (fault === 'packages-500') h.sim.script(PATHS.packages, { status: 500 });
      const { run, report } = await judge({ 'fail-on-severity': threshold });
      const where = `round ${round} (${threshold}, ${fault}, ${entries.length} entries)`;
      const alerts = byAdvisory(report);
      const gating = new Set(gatingAdvisories(threshold));
      let resolvedCount = 0;
      for (const alert of webshopAlerts(h.sim)) {
        const got = alerts.get(alert.metadata.id);
        const c = conditions(alert, entries, h.sim.state.packages);
        const isResolved = got?.status === 'resolved';
        if (isResolved) resolvedCount++;
        const say = (what: string) => problems.push(`${where}: ${alert.metadata.id} ${what} ${JSON.stringify(c)}`);
        if (fault !== 'none') {
          if (isResolved || got?.resolution) say('resolved although a read failed');
          continue;
        }
        const holds = gating.has(alert.metadata.id) && c.rule1 && c.rule2 && c.rule3;
        if (isResolved && !holds) say('resolved without the three conditions');
        if (!isResolved && holds && c.onlyExact) say('not resolved although the three conditions hold');
        if (
          isResolved &&
          JSON.stringify(got?.resolution) !==
            JSON.stringify({ manifests: c.manifests, removed: alertPackage(alert).version, added: c.added })
        )
          say(`resolution ${JSON.stringify(got?.resolution)}`);
        // The rule applies to every listed alert: one it resolves is fixed, never labelled changed.
        const fixes = c.rule1 && c.rule2 && c.rule3 && c.onlyExact;
        if (!isResolved && got?.changedByPullRequest !== (c.touched && !fixes))
          say(`changedByPullRequest ${got?.changedByPullRequest}`);
        if (
          !isResolved &&
          (got?.resolution !== null) !== (fixes && !gating.has(alert.metadata.id)) &&
          got?.status !== 'allowed'
        )
          say(`resolution ${JSON.stringify(got?.resolution)} on an alert it does not resolve (${got?.status})`);
      }
      const expectedOutputs = {
        'resolved-count': fault === 'none' ? String(resolvedCount) : '',
        'gating-count': String(gating.size - resolvedCount),
        exitCode: gating.size - resolvedCount > 0 ? 1 : 0,
      };
      const outputs = {
        'resolved-count': run.outputs['resolved-count'],
        'gating-count': run.outputs['gating-count'],
        exitCode: run.exitCode,
      };
      if (JSON.stringify(outputs) !== JSON.stringify(expectedOutputs))
        problems.push(`${where}: outputs ${JSON.stringify(outputs)}, expected ${JSON.stringify(expectedOutputs)}`);
    }
    expect(problems).toEqual([]);
  }, 90_000);
});
