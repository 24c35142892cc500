// Before any advisory, denied and private packages, the reports, and the runs around them (issue 33;
// contract: "Before any advisory: release age, malicious and denied packages", inputs deny-packages
// and private-packages, output denied-count), end to end through dist/ against the simulator (the
// service's package search, deps.dev's and OSV's copies) and a fake GitHub. What the service lists is
// the simulator's data (acme/webshop's jszip 3.10.1 and postgresql 42.6.0; acme/clean-lib's zod
// 3.23.8); the rest is what each pull request adds.
import { describe, expect, test } from '@jest/globals';
import type { Log } from 'sarif';
import { MAIN_REPO } from '../../simulator/data.js';
import { malRecord, OSV_MALICIOUS } from '../../simulator/osv.js';
import { DEMO_DENY_ENTRY } from '../../simulator/pull-requests.js';
import { PATHS, plain, PUSH } from './harness.js';
import {
  added,
  counts,
  DAYS_3,
  depsDevRequests,
  entryOf,
  failureText,
  given,
  hoursBefore,
  lineNaming,
  npm,
  osvRequests,
  publishNpm,
  pullRequestAdding,
  queriesOf,
  REPORT,
  SARIF,
  serviceRequests,
  sourceInputs,
  supplyReportOf,
  useSupplyHarness,
  utcMinute,
  type Inputs,
} from './supply-fixtures.js';
import { FORK, NO_SECRETS, pullRequestOn } from './introduced-fixtures.js';

const s = useSupplyHarness();

const EVENT_STREAM = npm('event-stream', '3.3.6');
const DEMO_REASON = DEMO_DENY_ENTRY.slice(DEMO_DENY_ENTRY.indexOf('#') + 1).trim();
const COLOR = OSV_MALICIOUS.colorStringify;
const HUE = OSV_MALICIOUS.tinyHue;
const LOG4J = { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' };

describe('denied: a pull request that adds a denied package fails, whatever else applies', () => {
  test.each([
    { what: 'pr-introduced: fail', inputs: {} },
    { what: 'pr-introduced: off', inputs: { 'pr-introduced': 'off' } },
    { what: 'pr-introduced: warn', inputs: { 'pr-introduced': 'warn' } },
  ])("$what: fails, denied-count 1, the reason is the entry's", async ({ inputs }) => {
    const { run, report } = await s.judge(pullRequestAdding([added(EVENT_STREAM)]), {
      'deny-packages': DEMO_DENY_ENTRY,
      ...inputs,
    });
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', tooNew: '', malicious: '', denied: '1' });
    const entry = entryOf(report, EVENT_STREAM.name, EVENT_STREAM.version);
    expect(entry).toMatchObject({ status: 'gating', disposition: { gates: true, rule: 'denied' } });
    expect(entry.disposition.reason).toContain(DEMO_REASON);
    expect(failureText(run)).toContain(`${EVENT_STREAM.name}@${EVENT_STREAM.version}`);
  });

  test('an allow-alerts entry naming its MAL- id spares a malicious version, never a denied one', async () => {
    const { run, report } = await s.judge(pullRequestAdding([added(npm(COLOR.name, COLOR.version))]), {
      'deny-packages': `pkg:npm/${COLOR.name} # hijacked`,
      malicious: 'fail',
      'allow-alerts': `${COLOR.id} # a false positive`,
    });
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', tooNew: '', malicious: '1', denied: '1' });
    expect(entryOf(report, COLOR.name, COLOR.version).disposition).toMatchObject({ gates: true, rule: 'denied' });
  });

  test('forms: a namespace (npm scope, Maven group) with /*, one version with @; others pass', async () => {
    const pr = pullRequestAdding([
      added(npm(HUE.name, HUE.version)),
      added(npm('@simulated-scope-two/tiny-hue', '3.0.2')),
      added(LOG4J, 'java/pom.xml'),
      added({ ecosystem: 'maven', name: 'org.apache.logging.log4j2:log4j-core', version: '2.14.1' }, 'java/pom.xml'),
      added(npm('left-pad', '1.3.0')),
      added(npm('left-pad', '1.2.0'), 'web/package.json'),
    ]);
    const { run, report } = await s.judge(pr, {
      'deny-packages': [
        'pkg:npm/@simulated-scope/* # a scope taken over',
        'pkg:maven/org.apache.logging.log4j/*',
        'pkg:npm/left-pad@1.3.0 # a broken release',
      ].join('\n'),
    });
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '3', tooNew: '', malicious: '', denied: '3' });
    const gates = (name: string, version: string) => entryOf(report, name, version).disposition.gates;
    expect({
      hue: gates(HUE.name, HUE.version),
      otherScope: gates('@simulated-scope-two/tiny-hue', '3.0.2'),
      log4j: gates(LOG4J.name, LOG4J.version),
      otherGroup: gates('org.apache.logging.log4j2:log4j-core', '2.14.1'),
      leftPad13: gates('left-pad', '1.3.0'),
      leftPad12: gates('left-pad', '1.2.0'),
    }).toEqual({ hue: true, otherScope: false, log4j: true, otherGroup: false, leftPad13: true, leftPad12: false });
  });

  test.each([
    { what: 'a name alone', value: 'event-stream # the name alone', named: /deny-packages: "event-stream"/ },
    // One line with a reason: the comma-separated list must not become one entry that names no package.
    {
      what: 'a comma-separated line with a reason, one part a name',
      value: 'pkg:npm/left-pad, event-stream # compromised',
      named: /deny-packages: "[^"]*event-stream" is not a package URL/,
    },
  ])('$what is not a package URL: an input error naming it; nothing is sent', async ({ value, named }) => {
    const { run, requests, github } = await s.judge(pullRequestAdding([added(EVENT_STREAM)]), {
      'deny-packages': value,
    });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(failureText(run)).toMatch(named);
    expect(requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });
});

describe('denied: on every event, the packages the service lists', () => {
  const webshop = (name: string) => {
    const pkg = s.h.sim.state.packages.find((p) => p.repositoryId === MAIN_REPO.id && p.name === name);
    if (!pkg) throw new Error(`acme/webshop lists no ${name}`);
    return pkg;
  };
  const onPush = (inputs: Inputs) =>
    s.h.gate({ 'fail-on-severity': 'none', 'max-retries': '0', 'report-file': REPORT, ...given(inputs) }, PUSH);

  test.each([
    { entry: 'pkg:npm/jszip # unmaintained', name: 'jszip', denied: true },
    { entry: 'pkg:npm/jszip@3.10.1', name: 'jszip', denied: true },
    { entry: 'pkg:npm/jszip@3.10.0', name: 'jszip', denied: false },
    { entry: 'pkg:maven/org.postgresql/*', name: 'org.postgresql:postgresql', denied: true },
  ])('a push, deny-packages $entry: denied $denied', async ({ entry, name, denied }) => {
    const pkg = webshop(name);
    const run = await onPush({ 'deny-packages': entry });
    expect(counts(run)).toEqual({
      exitCode: denied ? 1 : 0,
      result: denied ? 'fail' : 'pass',
      gating: denied ? '1' : '0',
      tooNew: '',
      malicious: '',
      denied: denied ? '1' : '0',
    });
    if (!denied) return;
    expect(entryOf(supplyReportOf(run), pkg.name, pkg.version).disposition).toMatchObject({
      gates: true,
      rule: 'denied',
    });
    // The error annotation, where the service's package search places it.
    const annotation = run.commands.find(
      (c) => c.command === 'error' && c.properties.file !== undefined && c.properties.title?.includes(pkg.name),
    );
    expect(annotation?.properties).toMatchObject({ file: pkg.manifestPath, line: String(pkg.manifestStartLine) });
  });

  test.each([
    {
      what: 'with deny-packages set, it decides the verdict: an API error',
      inputs: { 'deny-packages': 'pkg:npm/jszip' },
      exitCode: 1,
      result: 'error',
    },
    { what: 'without deny-packages, it only feeds the reports', inputs: {}, exitCode: 0, result: 'pass' },
  ])('the package search failing, $what', async ({ inputs, exitCode, result }) => {
    s.h.sim.script(PATHS.packages, { status: 500 });
    const run = await onPush(inputs);
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode, result });
    expect(run.outputs['denied-count']).toBe('');
  });

  test('a version brought in that the service also lists is one denied package', async () => {
    // acme/clean-lib's package search lists zod 3.23.8 in package.json; the pull request adds it to web/.
    const zod = npm('zod', '3.23.8');
    const { run } = await s.judge(pullRequestAdding([added(zod, 'web/package.json')]), {
      'deny-packages': 'pkg:npm/zod',
    });
    expect(counts(run)).toMatchObject({ exitCode: 1, result: 'fail', gating: '1', denied: '1' });
  });
});

describe('private packages: never asked of an outside source, never judged by age or OSV; deny still applies', () => {
  const PRIVATE = {
    'private-packages': '@acme/*, acme-internal-*, pkg:maven/com.acme/*',
    'min-release-age': '3d',
    malicious: 'fail',
  };
  const ACME = npm('@acme/widgets', '1.0.0');
  const pr = () =>
    pullRequestAdding([
      added(ACME),
      added(npm('acme-internal-log', '2.0.0')),
      added({ ecosystem: 'maven', name: 'com.acme:billing', version: '1.0.0' }, 'java/pom.xml'),
      added(EVENT_STREAM),
    ]);
  /** Unknown to deps.dev (a 404: too new) and malicious to OSV, were they asked. */
  const poisonSources = () =>
    s.h.sim.osv.records.set('MAL-2025-47390', malRecord('MAL-2025-47390', 'npm', ACME.name, [ACME.version]));

  test('three private versions: neither source hears of them; the gate passes; the summary counts them', async () => {
    poisonSources();
    const { run, requests } = await s.judge(pr(), PRIVATE);
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '0', malicious: '0', denied: '' });
    expect(depsDevRequests(requests).map((r) => r.url)).toEqual([
      '/depsdev/v3/systems/NPM/packages/event-stream/versions/3.3.6',
    ]);
    expect(
      osvRequests(requests)
        .flatMap(queriesOf)
        .map((q) => q.package.name),
    ).toEqual([EVENT_STREAM.name]);
    for (const request of [...depsDevRequests(requests), ...osvRequests(requests)])
      expect(`${request.url} ${JSON.stringify(request.body ?? '')}`).not.toMatch(/acme/i);
    expect(plain(run.summary)).toMatch(/\b3 private\b/);
  });

  test('a private package deny-packages names still fails; still no source hears of it', async () => {
    poisonSources();
    const { run, requests } = await s.judge(pr(), {
      ...PRIVATE,
      'deny-packages': 'pkg:npm/@acme/widgets # replaced by @acme/gadgets',
    });
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '1', tooNew: '0', malicious: '0', denied: '1' });
    for (const request of [...depsDevRequests(requests), ...osvRequests(requests)])
      expect(`${request.url} ${JSON.stringify(request.body ?? '')}`).not.toMatch(/acme/i);
  });
});

describe('reported: summary, comment, annotations, SARIF and the JSON report', () => {
  const FRESH = npm('fresh-widget', '1.0.1');
  const DEV = npm('fresh-dev-tool', '0.9.0');
  const published = { fresh: hoursBefore(14), dev: hoursBefore(20) };
  const shared = s.once(async () => {
    publishNpm(s.h.sim, FRESH.name, FRESH.version, published.fresh);
    publishNpm(s.h.sim, DEV.name, DEV.version, published.dev);
    const pr = pullRequestAdding([
      added(EVENT_STREAM),
      added(npm(COLOR.name, COLOR.version)),
      added(FRESH),
      added(DEV, 'package.json', 'development'),
      added(npm('micromatch', '4.0.5'), 'package-lock.json', 'development'),
    ]);
    return s.judge(pr, {
      'min-release-age': '3d',
      malicious: 'fail',
      'deny-packages': DEMO_DENY_ENTRY,
      'fail-on-scopes': 'runtime',
      'comment-on-pr': 'always',
    });
  });
  const lands = (at: Date) => utcMinute(at.getTime() + DAYS_3);
  /** Each entry with a mark: its name@version, whether it gates, and what its row must say. */
  const MARKED = () => [
    {
      id: `${EVENT_STREAM.name}@${EVENT_STREAM.version}`,
      gates: true,
      rule: 'denied',
      says: [`denied: ${DEMO_REASON}`],
    },
    {
      id: `${COLOR.name}@${COLOR.version}`,
      gates: true,
      rule: 'malicious',
      says: ['malicious', COLOR.id, `https://osv.dev/vulnerability/${COLOR.id}`],
    },
    {
      id: `${FRESH.name}@${FRESH.version}`,
      gates: true,
      rule: 'release-age',
      says: [`too new: published 14 h ago, can land from ${lands(published.fresh)}`],
    },
    {
      id: `${DEV.name}@${DEV.version}`,
      gates: false,
      rule: 'release-age',
      says: [`too new: published 20 h ago, can land from ${lands(published.dev)}`],
    },
  ];

  test('outputs: gating-count counts the three that gate; each count every entry found', () => {
    expect(counts(shared().run)).toEqual({
      exitCode: 1,
      result: 'fail',
      gating: '3',
      tooNew: '2',
      malicious: '1',
      denied: '1',
    });
  });

  test("the summary's and the comment's table: a row each, with its marks", () => {
    const { run, github } = shared();
    expect(github.comments).toHaveLength(1);
    for (const [where, page] of [
      ['summary', plain(run.summary)],
      ['comment', plain(github.comments[0]!.body)],
    ] as const) {
      const rows = page.split('\n').filter((line) => line.startsWith('|'));
      for (const { id, says } of MARKED()) {
        const row = rows.find((r) => r.includes(`${id}\``) || r.includes(`${id} `) || r.includes(`${id}|`));
        expect({ where, id, row: row !== undefined }).toEqual({ where, id, row: true });
        for (const words of says)
          expect({ where, id, row }).toEqual({ where, id, row: expect.stringContaining(words) });
      }
    }
  });

  test('annotations at the manifest line: an error when it gates, else a warning', () => {
    const { run } = shared();
    const text = run.files['package.json'] ?? pullRequestAdding([]).files['package.json'];
    for (const { id, gates } of MARKED()) {
      const name = id.slice(0, id.lastIndexOf('@'));
      const annotation = run.commands.find(
        (c) => ['error', 'warning'].includes(c.command) && c.properties.file && c.properties.title?.includes(id),
      );
      expect({ id, command: annotation?.command, file: annotation?.properties.file }).toEqual({
        id,
        command: gates ? 'error' : 'warning',
        file: 'package.json',
      });
      expect({ id, line: annotation?.properties.line }).toEqual({ id, line: String(lineNaming(text, name)) });
    }
  });

  test('SARIF: a result each, ruleId release-age, malicious or denied, tagged supply-chain, at the manifest line', () => {
    const { run } = shared();
    const text = run.files['package.json'];
    const sarif = JSON.parse(run.files[SARIF]!) as Log;
    const results = (sarif.runs[0]!.results ?? []).filter((r) => r.properties?.tags?.includes('supply-chain'));
    const got = results.map((r) => {
      const where = r.locations?.[0]?.physicalLocation;
      return `${r.ruleId} ${where?.artifactLocation?.uri}:${where?.region?.startLine} ${r.level === 'error' ? 'error' : 'not error'}`;
    });
    const want = MARKED().map(({ id, rule, gates }) => {
      const name = id.slice(0, id.lastIndexOf('@'));
      return `${rule} package.json:${lineNaming(text, name)} ${gates ? 'error' : 'not error'}`;
    });
    expect(got.sort()).toEqual(want.sort());
    for (const result of results) expect(result.message.text).toMatch(/@/);
    const rules = (sarif.runs[0]!.tool.driver.rules ?? []).filter((r) =>
      ['release-age', 'malicious', 'denied'].includes(r.id),
    );
    expect(rules.map((r) => [r.id, r.properties?.tags?.includes('supply-chain')]).sort()).toEqual([
      ['denied', true],
      ['malicious', true],
      ['release-age', true],
    ]);
  });

  test("the JSON report: a supplyChain list with each entry's fields", () => {
    const { report } = shared();
    const hoursSince = (iso: string) => (Date.now() - Date.parse(iso)) / 3_600_000;
    const expectAgeNear = (age: number | null, iso: string) => {
      expect(age).not.toBeNull();
      expect(Math.abs(age! - hoursSince(iso))).toBeLessThan(2);
    };
    const eventStream = entryOf(report, EVENT_STREAM.name, EVENT_STREAM.version);
    expect(eventStream).toMatchObject({
      ecosystem: 'npm',
      packageUrl: 'pkg:npm/event-stream@3.3.6',
      manifests: ['package.json'],
      publishedAt: '2018-09-09T03:11:36.000Z',
      malicious: [],
      denied: { purl: 'pkg:npm/event-stream', reason: DEMO_REASON },
      status: 'gating',
      disposition: { gates: true, rule: 'denied' },
    });
    expectAgeNear(eventStream.ageHours, '2018-09-09T03:11:36Z');
    const color = entryOf(report, COLOR.name, COLOR.version);
    expect(color).toMatchObject({
      packageUrl: `pkg:npm/${COLOR.name}@${COLOR.version}`,
      publishedAt: '2025-09-08T13:16:00.000Z',
      malicious: [COLOR.id],
      denied: null,
      status: 'gating',
      disposition: { gates: true, rule: 'malicious' },
    });
    expect(entryOf(report, FRESH.name, FRESH.version)).toMatchObject({
      publishedAt: published.fresh.toISOString(),
      ageHours: 14,
      status: 'gating',
      disposition: { gates: true, rule: 'too-new' },
    });
    expect(entryOf(report, DEV.name, DEV.version)).toMatchObject({
      publishedAt: published.dev.toISOString(),
      ageHours: 20,
      disposition: { gates: false },
    });
    expect(entryOf(report, 'micromatch', '4.0.5')).toMatchObject({
      manifests: ['package-lock.json'],
      publishedAt: '2022-03-24T14:36:51.000Z',
      malicious: [],
      denied: null,
      disposition: { gates: false },
    });
    for (const entry of report!.supplyChain!.entries)
      for (const field of [
        'ecosystem',
        'name',
        'version',
        'packageUrl',
        'manifests',
        'publishedAt',
        'ageHours',
        'malicious',
        'denied',
        'status',
        'disposition',
      ])
        expect({ entry: entry.name, field, has: field in entry }).toEqual({ entry: entry.name, field, has: true });
  });
});

describe('the runs around the checks', () => {
  test('a source that answers slowly never stalls the alert reads: they run alongside', async () => {
    const FRESH = npm('fresh-widget', '1.0.1');
    publishNpm(s.h.sim, FRESH.name, FRESH.version, hoursBefore(14));
    s.h.sim.script('/depsdev/v3/systems/NPM/packages/fresh-widget/versions/1.0.1', { delayMs: 1_000 });
    s.h.sim.script('/osv/v1/querybatch', { delayMs: 1_000 });
    const { run, requests } = await s.judge(pullRequestAdding([added(FRESH), added(npm(COLOR.name, COLOR.version))]), {
      'min-release-age': '3d',
      malicious: 'fail',
    });
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '2', tooNew: '1', malicious: '1', denied: '' });
    expect([...depsDevRequests(requests), ...osvRequests(requests)]).toHaveLength(3);
    // The two answers held back (color-stringify's publish time is not).
    const slow = requests.filter(
      (r) =>
        r.path === '/depsdev/v3/systems/NPM/packages/fresh-widget/versions/1.0.1' || r.path === '/osv/v1/querybatch',
    );
    const alerts = requests.filter((r) => r.path === PATHS.alerts);
    expect(slow).toHaveLength(2);
    expect(alerts.length).toBeGreaterThan(0);
    const slowAnswered = Math.min(...slow.map((r) => r.answeredAt ?? Infinity));
    // Every page of the alerts was asked for and answered before either slow source answered.
    for (const request of alerts) expect(request.answeredAt ?? Infinity).toBeLessThan(slowAnswered);
  });

  test('a fork (no service secrets): the checks still run, through GitHub and both sources alone', async () => {
    const FRESH = npm('fresh-widget', '1.0.1');
    publishNpm(s.h.sim, FRESH.name, FRESH.version, hoursBefore(14));
    const pr = pullRequestAdding([added(FRESH), added(npm(COLOR.name, COLOR.version)), added(EVENT_STREAM)]);
    const fork = pullRequestOn(pr, FORK);
    const noSecrets = NO_SECRETS;
    const { run, requests } = await s.judge(
      pr,
      {
        ...noSecrets,
        ...sourceInputs(s.h.sim),
        'min-release-age': '3d',
        malicious: 'fail',
        'deny-packages': DEMO_DENY_ENTRY,
      },
      fork,
    );
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '3', tooNew: '1', malicious: '1', denied: '1' });
    expect(serviceRequests(requests)).toEqual([]);
    expect(depsDevRequests(requests)).toHaveLength(3);
    expect(osvRequests(requests)).toHaveLength(1);
  });
});
