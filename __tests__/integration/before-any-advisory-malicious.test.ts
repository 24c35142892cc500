// Before any advisory, malicious packages (issue 33; contract: "Before any advisory: release age,
// malicious and denied packages", inputs malicious and osv-url, output malicious-count), end to end
// through dist/ against the simulator's copy of OSV's API and a fake GitHub. OSV's records are the
// simulator's (simulator/osv.ts: MAL-2025-47301 on color-stringify 4.1.1, MAL-2025-47302 on
// @simulated-scope/tiny-hue 3.0.2, GitHub's GHSA records of log4j-core and micromatch) or added by a test.
import { describe, expect, test } from '@jest/globals';
import { malRecord, OSV_MALICIOUS, osvData } from '../../simulator/osv.js';
import type { CompareEntry } from '../../simulator/github.js';
import { utcDay } from './harness.js';
import { GITHUB_TOKEN } from './introduced-fixtures.js';
import { vexDocument } from './vex-fixtures.js';
import {
  added,
  counts,
  entryOf,
  failureText,
  npm,
  osvRequests,
  pullRequestAdding,
  queriesOf,
  useSupplyHarness,
  type OsvQuery,
} from './supply-fixtures.js';

const s = useSupplyHarness();

const COLOR = OSV_MALICIOUS.colorStringify;
const HUE = OSV_MALICIOUS.tinyHue;
const MALICIOUS = [npm(COLOR.name, COLOR.version), npm(HUE.name, HUE.version)];
/** Not in OSV: nothing found. */
const CLEAN = npm('event-stream', '3.3.6');
const FAIL = { malicious: 'fail' };
const osvPage = (id: string) => `https://osv.dev/vulnerability/${id}`;

describe('malicious: a version OSV lists with a MAL- id', () => {
  test('fail: it gates whatever its severity; the reason names the MAL- id and links its OSV page', async () => {
    const { run, report } = await s.judge(pullRequestAdding([...MALICIOUS.map((p) => added(p)), added(CLEAN)]), FAIL);
    expect(counts(run)).toEqual({ exitCode: 1, result: 'fail', gating: '2', tooNew: '', malicious: '2', denied: '' });
    for (const { id, name, version } of [COLOR, HUE]) {
      const entry = entryOf(report, name, version);
      expect({ name, malicious: entry.malicious, status: entry.status, rule: entry.disposition.rule }).toEqual({
        name,
        malicious: [id],
        status: 'gating',
        rule: 'malicious',
      });
      expect(entry.disposition.reason).toContain(id);
      expect(entry.disposition.reason).toContain(osvPage(id));
    }
    expect(entryOf(report, CLEAN.name, CLEAN.version).disposition.gates).toBe(false);
    for (const id of [COLOR.id, HUE.id]) expect(failureText(run)).toContain(id);
  });

  test('warn: listed, a warning annotation each on its manifest, the gate passes, counted', async () => {
    const { run, report } = await s.judge(pullRequestAdding(MALICIOUS.map((p) => added(p))), { malicious: 'warn' });
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '', malicious: '2', denied: '' });
    for (const { id, name, version } of [COLOR, HUE]) {
      expect(entryOf(report, name, version)).toMatchObject({ malicious: [id], disposition: { gates: false } });
      const warning = run.commands.find(
        (c) => c.command === 'warning' && c.properties.title?.includes(`${name}@${version}`),
      );
      expect({
        name,
        file: warning?.properties.file,
        text: `${warning?.properties.title} ${warning?.message}`,
      }).toEqual({
        name,
        file: 'package.json',
        text: expect.stringContaining(id),
      });
    }
    expect(run.errors.filter((e) => e.includes(COLOR.id))).toEqual([]);
  });

  test('off (the default): OSV is not asked, malicious-count empty, nothing gates', async () => {
    const { run, requests } = await s.judge(pullRequestAdding(MALICIOUS.map((p) => added(p))), {});
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '', malicious: '', denied: '' });
    expect(osvRequests(requests)).toEqual([]);
  });

  test('pr-introduced: off does not stop it: malicious follows its own mode', async () => {
    const { run } = await s.judge(pullRequestAdding([added(MALICIOUS[0]!)]), { ...FAIL, 'pr-introduced': 'off' });
    expect(counts(run)).toMatchObject({ exitCode: 1, result: 'fail', malicious: '1' });
  });

  test('fail-on-scopes: runtime does not spare a malicious development dependency (it gates whatever else applies)', async () => {
    const { run } = await s.judge(pullRequestAdding([added(MALICIOUS[0]!, 'package.json', 'development')]), {
      ...FAIL,
      'fail-on-scopes': 'runtime',
    });
    expect(counts(run)).toMatchObject({ exitCode: 1, result: 'fail', gating: '1', malicious: '1' });
  });

  test("OSV's other ids are not used: GHSA records on what is added find nothing here", async () => {
    const log4j = { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' };
    // The simulator's OSV holds GitHub's records of both versions (the GHSA ids of the bad pull request).
    const listed = [...osvData().records.values()].filter(
      (r) =>
        !r.id.startsWith('MAL-') &&
        r.affected?.some((a) => a.versions?.includes('2.14.1') && a.package?.name === log4j.name),
    );
    expect(listed.length).toBeGreaterThan(0);
    const { run, report, requests } = await s.judge(
      pullRequestAdding([added(log4j, 'java/pom.xml'), added(npm('micromatch', '4.0.5'), 'package-lock.json')]),
      FAIL,
    );
    expect(counts(run)).toEqual({ exitCode: 0, result: 'pass', gating: '0', tooNew: '', malicious: '0', denied: '' });
    expect(osvRequests(requests)).toHaveLength(1);
    expect(entryOf(report, log4j.name, log4j.version).malicious).toEqual([]);
  });
});

describe('the querybatch OSV is sent', () => {
  test("one POST of {queries: [{package: {ecosystem, name}, version}]}, OSV's ecosystem names", async () => {
    const actions: CompareEntry = {
      ...added({ ecosystem: 'actions', name: 'actions/checkout', version: '4.1.1' }, '.github/workflows/ci.yml'),
      package_url: 'pkg:githubactions/actions/checkout@4.1.1',
    };
    const pr = pullRequestAdding([
      added(MALICIOUS[1]!),
      added({ ecosystem: 'pypi', name: 'requests', version: '2.31.0' }, 'requirements.txt'),
      added({ ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' }, 'java/pom.xml'),
      added({ ecosystem: 'cargo', name: 'serde', version: '1.0.188' }, 'Cargo.lock'),
      added({ ecosystem: 'nuget', name: 'Newtonsoft.Json', version: '13.0.3' }, 'app.csproj'),
      added({ ecosystem: 'rubygems', name: 'rails', version: '7.1.0' }, 'Gemfile.lock'),
      added({ ecosystem: 'composer', name: 'laravel/framework', version: '10.0.0' }, 'composer.lock'),
      actions,
    ]);
    const { run, requests } = await s.judge(pr, FAIL);
    expect(counts(run)).toMatchObject({ result: 'fail', malicious: '1' });

    const batches = osvRequests(requests);
    expect(batches.map((r) => r.method)).toEqual(['POST']);
    expect(Object.keys(batches[0]!.body as object)).toEqual(['queries']);
    const sent = queriesOf(batches[0]!);
    for (const query of sent) {
      expect(Object.keys(query).sort()).toEqual(['package', 'version']);
      expect(Object.keys(query.package).sort()).toEqual(['ecosystem', 'name']);
    }
    const key = (q: OsvQuery) => `${q.package.ecosystem} ${q.package.name} ${q.version}`;
    expect(sent.map(key).sort()).toEqual(
      [
        'npm @simulated-scope/tiny-hue 3.0.2',
        'PyPI requests 2.31.0',
        'Maven org.apache.logging.log4j:log4j-core 2.14.1',
        'crates.io serde 1.0.188',
        'NuGet Newtonsoft.Json 13.0.3',
        'RubyGems rails 7.1.0',
        'Packagist laravel/framework 10.0.0',
        'GitHub Actions actions/checkout 4.1.1',
      ].sort(),
    );
  });

  test('more than 1,000 versions: several requests, none over 1,000 queries, every version asked once', async () => {
    const many = Array.from({ length: 2_050 }, (_, i) => npm(`bulk-widget-${i}`, '1.0.0'));
    const { run, requests } = await s.judge(pullRequestAdding([...many, MALICIOUS[0]!].map((p) => added(p))), FAIL);
    expect(counts(run)).toMatchObject({ result: 'fail', gating: '1', malicious: '1' });
    const batches = osvRequests(requests).map(queriesOf);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(batches.filter((q) => q.length > 1_000)).toEqual([]);
    const names = batches.flat().map((q) => q.package.name);
    expect(names).toHaveLength(2_051);
    expect(new Set(names).size).toBe(2_051);
  });

  test('a result with next_page_token is asked again with page_token until it has none', async () => {
    const second = 'MAL-2025-47399';
    s.h.sim.osv.records.set(second, malRecord(second, 'npm', COLOR.name, [COLOR.version]));
    s.h.sim.osv.pageSize = 1; // one id a page: color-stringify 4.1.1's two ids come on two pages
    const { run, report, requests } = await s.judge(pullRequestAdding([added(MALICIOUS[0]!), added(CLEAN)]), FAIL);
    expect(counts(run)).toMatchObject({ result: 'fail', gating: '1', malicious: '1' });
    const entry = entryOf(report, COLOR.name, COLOR.version);
    expect([...(entry.malicious ?? [])].sort()).toEqual([COLOR.id, second]);
    for (const id of [COLOR.id, second]) expect(entry.disposition.reason).toContain(osvPage(id));
    const paged = osvRequests(requests)
      .flatMap(queriesOf)
      .filter((q) => q.page_token !== undefined);
    expect(paged.map((q) => q.package.name)).toEqual([COLOR.name]);
    expect(paged[0]!.page_token).not.toBe('');
  });

  test('a page that does not move (the same token and ids again) is an API error, never a pass', async () => {
    const second = 'MAL-2025-47399';
    s.h.sim.osv.records.set(second, malRecord(second, 'npm', COLOR.name, [COLOR.version]));
    Object.assign(s.h.sim.osv, { pageSize: 1, ignoresPageToken: true });
    const { run, requests } = await s.judge(pullRequestAdding([added(MALICIOUS[0]!)]), FAIL);
    expect(counts(run)).toMatchObject({ exitCode: 1, result: 'error', malicious: '' });
    expect(osvRequests(requests).length).toBeLessThan(10);
    expect(run.stdout).toMatch(/osv-url/);
  });
});

describe('only an allow-alerts entry naming the MAL- id spares a malicious version', () => {
  const vex = vexDocument('https://acme.example/vex/color', [
    {
      vulnerability: COLOR.id,
      products: [`pkg:npm/${COLOR.name}@${COLOR.version}`],
      status: 'not_affected',
      justification: 'vulnerable_code_not_present',
    },
  ]);
  test.each([
    {
      what: 'allow-alerts naming it',
      inputs: { 'allow-alerts': `${COLOR.id} # a false positive, see SEC-9` },
      files: {},
      spared: true,
    },
    {
      what: 'allow-alerts naming it until a later day',
      inputs: { 'allow-alerts': `${COLOR.id} until ${utcDay(30)} # a false positive` },
      files: {},
      spared: true,
    },
    {
      what: 'allow-alerts naming another id',
      inputs: { 'allow-alerts': 'MAL-2025-00001 # another' },
      files: {},
      spared: false,
    },
    // Read at the base commit, as a pull request's VEX files are.
    {
      what: 'a VEX statement not_affected',
      inputs: { 'vex-files': 'color.vex.json' },
      files: { 'color.vex.json': vex },
      spared: false,
    },
    {
      what: 'grace-days for every severity',
      inputs: { 'grace-days': 'critical=3650, high=3650, medium=3650, low=3650, unknown=3650' },
      files: {},
      spared: false,
    },
  ])('$what: spared $spared', async ({ inputs, files, spared }) => {
    const pr = pullRequestAdding([added(MALICIOUS[0]!)]);
    for (const [path, text] of Object.entries(files))
      s.github.files.set(`${pr.repository}/${path}@${pr.base}`, { text, token: GITHUB_TOKEN });
    const { run, report } = await s.judge(pr, { ...FAIL, ...inputs });
    // The VEX document was read (0 alerts spared by it), not skipped.
    if ('vex-files' in inputs) expect(run.outputs['vex-count']).toBe('0');
    expect(counts(run)).toMatchObject({
      exitCode: spared ? 0 : 1,
      result: spared ? 'pass' : 'fail',
      gating: spared ? '0' : '1',
      malicious: '1',
    });
    const entry = entryOf(report, COLOR.name, COLOR.version);
    expect(entry.status).toBe(spared ? 'allowed' : 'gating');
    // What allow-alerts spared is counted as allowed, as an alert or a finding would be.
    expect(run.outputs['allowed-count']).toBe(spared ? '1' : '0');
    // An entry that spared a version allowed something this run: never "unused: remove it".
    const aboutTheEntry = run.commands.filter(
      (c) => c.command === 'warning' && c.properties.file === undefined && c.message.includes(COLOR.id),
    );
    if (spared) expect(aboutTheEntry.map((c) => c.message)).toEqual([]);
  });
});

describe('an OSV read that fails', () => {
  test.each([
    { mode: 'fail', onApiError: 'fail', exitCode: 1, result: 'error' },
    { mode: 'fail', onApiError: 'warn', exitCode: 0, result: 'error' },
    { mode: 'warn', onApiError: 'fail', exitCode: 0, result: 'pass' },
  ])('malicious $mode, on-api-error $onApiError: result $result', async ({ mode, onApiError, exitCode, result }) => {
    s.h.sim.osv.fault = 'error';
    const { run } = await s.judge(pullRequestAdding([added(MALICIOUS[0]!)]), {
      malicious: mode,
      'on-api-error': onApiError,
    });
    expect(counts(run)).toMatchObject({ exitCode, result, malicious: '' });
    // Under on-api-error: warn the API error is said as a warning, as is a failed read under malicious: warn.
    const said = mode === 'warn' || onApiError === 'warn' ? run.warnings : run.errors;
    expect(said.join('\n')).toMatch(/osv-url/);
  });

  test('osv-url that is not https (nor loopback http) is an input error naming it; nothing is sent', async () => {
    const { run, requests } = await s.judge(pullRequestAdding([added(CLEAN)]), {
      ...FAIL,
      'osv-url': 'http://osv.example.com',
    });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(failureText(run)).toMatch(/osv-url: .*osv\.example\.com/);
    expect(requests).toEqual([]);
  });
});
