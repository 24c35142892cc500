// VEX statements end to end through dist/ (contract: "VEX statements"): OpenVEX documents in the
// workspace (at the base commit on a pull request), matched to the service's alerts by id or alias
// and package URL, the latest statement deciding; invalid documents refused before any request; the
// statements that match nothing listed; vex-count, the reports and vex-output. Expectations come from
// the documents and alerts each test writes, read as the contract words them.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import Ajv from 'ajv';
import { CLEAN_REPO } from '../../simulator/data.js';
import { compareEntry } from '../../simulator/github.js';
import { kevInputs } from '../../simulator/kev.js';
import { badPullRequest } from '../../simulator/pull-requests.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { CLEAN, errorText, PATHS, plain, useFakeGitHub, useSimulator, type GateOptions } from './harness.js';
import { GITHUB_TOKEN, pullRequestOn, serve, serviceAlert } from './introduced-fixtures.js';
import { alertOf, REPORT, reportOf, vexDocument } from './vex-fixtures.js';

const h = useSimulator();
const fake = useFakeGitHub();

const SHA = 'abcdefabcdefabcdefabcdefabcdefabcdefabcd';
const PUSH_ON_CLEAN: GateOptions = { ...CLEAN, eventName: 'push', env: { GITHUB_SHA: SHA } };
const LODASH = 'GHSA-35jh-r3h4-6jhm';
const LODASH_CVE = 'CVE-2021-23337';
const OPENSSL = 'GHSA-xxxx-ssl0-0001';

/** acme/clean-lib's alerts for this test: the service's answer. */
function alerts(...list: ScaAlert[]): void {
  h.sim.state.alerts[CLEAN_REPO.id] = list;
}
const lodashAlert = (severity = 'critical', purl = 'pkg:npm/lodash@4.17.20') =>
  serviceAlert('alert_lodash', LODASH, purl, severity, { aliases: [LODASH_CVE] });

/** A push to acme/clean-lib with the documents in the workspace, named in order by vex-files. */
function judge(files: Record<string, string>, inputs: Record<string, string> = {}, options: GateOptions = {}) {
  return h.gate(
    { 'vex-files': Object.keys(files).join('\n'), 'report-file': REPORT, 'max-retries': '0', ...inputs },
    { ...PUSH_ON_CLEAN, files, ...options },
  );
}

const NOT_AFFECTED = { status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' };

/** The rows of a page's gating table (its header is the contract's), as a reader sees them, bold dropped. */
function gatingRowsOf(page: string): string[] {
  const lines = plain(page).split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Severity | Advisory | Package | Fix | Score |'));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return lines.slice(start + 2, end < 0 ? undefined : end).map((l) => l.replaceAll('**', ''));
}

describe('a statement of not_affected or fixed spares the alert it speaks of', () => {
  test('a critical alert spared: the gate passes, vex-count 1, the reason names document and statement', async () => {
    alerts(lodashAlert());
    const doc = vexDocument('https://acme.example/vex/1', [
      { vulnerability: LODASH, products: ['pkg:npm/lodash@4.17.20'], ...NOT_AFFECTED },
    ]);
    const run = await judge({ '.vex/app.json': doc }, { 'sarif-file': 'out.sarif' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'pass', 'vex-count': '1', 'gating-count': '0' });
    const alert = alertOf(run, 'alert_lodash');
    expect(alert.status).toBe('not-affected');
    expect(alert.disposition).toMatchObject({
      gates: false,
      rule: 'vex',
      vex: { document: 'https://acme.example/vex/1', file: '.vex/app.json', statement: 0 },
    });
    expect(alert.disposition.reason).toContain('https://acme.example/vex/1 statements[0]');
    expect(plain(run.summary)).toContain('not affected');
    expect(plain(run.summary)).toContain('vulnerable_code_not_in_execute_path');
    const sarif = JSON.parse(run.files['out.sarif']!) as {
      runs: { results: { level: string; message: { text: string } }[] }[];
    };
    const [result] = sarif.runs[0]!.results;
    expect(result?.level).toBe('note');
    expect(result?.message.text).toContain('vulnerable_code_not_in_execute_path');
  });

  test.each([
    ['fixed', { status: 'fixed' }, 'not-affected', 'pass'],
    ['affected', { status: 'affected', action_statement: 'Upgrade to 4.17.21' }, 'gating', 'fail'],
    ['under_investigation', { status: 'under_investigation' }, 'gating', 'fail'],
  ])('%s', async (_name, said, status, result) => {
    alerts(lodashAlert());
    const doc = vexDocument('urn:doc', [{ vulnerability: LODASH, products: ['pkg:npm/lodash@4.17.20'], ...said }]);
    const run = await judge({ 'vex.json': doc });
    expect(run.outputs.result).toBe(result);
    const alert = alertOf(run, 'alert_lodash');
    expect(alert.status).toBe(status);
    // Shown beside the alert whatever it says.
    expect(alert.vex?.status).toBe(said.status);
    expect(run.outputs['vex-count']).toBe(status === 'not-affected' ? '1' : '0');
    if (said.status === 'affected') expect(plain(run.summary)).toContain('Upgrade to 4.17.21');
    // And in the alert's own row of the gating table, after its summary.
    const mark = said.status === 'affected' ? 'VEX: affected — Upgrade to 4.17.21' : 'VEX: under investigation';
    if (status === 'gating')
      expect(gatingRowsOf(run.summary)).toEqual([expect.stringContaining(`| Advisory ${LODASH} ${mark} |`)]);
  });

  test('whatever makes it gate: a known-exploited alert under known-exploited: fail is spared too', async () => {
    // CVE-2021-44228 is in the simulator's catalog.
    alerts(
      serviceAlert(
        'alert_log4j',
        'GHSA-jfh8-c2jp-5v3q',
        'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
        'low',
        { aliases: ['CVE-2021-44228'] },
      ),
    );
    const doc = vexDocument('urn:doc', [
      {
        vulnerability: 'CVE-2021-44228',
        products: ['pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'],
        status: 'not_affected',
        impact_statement: 'JNDI lookups are disabled',
      },
    ]);
    const run = await judge({ 'vex.json': doc }, kevInputs(h.sim.url));
    expect(run.outputs.result).toBe('pass');
    expect(alertOf(run, 'alert_log4j').status).toBe('not-affected');
  });
});

describe('which alert a statement speaks of', () => {
  test.each([
    ['the CVE alias, any case', 'cve-2021-23337', 'pkg:npm/lodash@4.17.20', true],
    ['the GHSA id', LODASH, 'pkg:npm/lodash@4.17.20', true],
    ['another advisory', 'GHSA-aaaa-bbbb-cccc', 'pkg:npm/lodash@4.17.20', false],
    ['a version-less package URL', LODASH, 'pkg:npm/lodash', true],
    ['another version', LODASH, 'pkg:npm/lodash@4.17.21', false],
    ['a version with a leading v', LODASH, 'pkg:npm/lodash@v4.17.20', true],
    ['another ecosystem', LODASH, 'pkg:pypi/lodash@4.17.20', false],
    ['the name in another case', LODASH, 'pkg:npm/LoDash@4.17.20', true],
    ['not a package URL', LODASH, 'lodash@4.17.20', false],
  ])('by %s', async (_name, vulnerability, product, matches) => {
    alerts(lodashAlert());
    const doc = vexDocument('urn:doc', [{ vulnerability, products: [product], ...NOT_AFFECTED }]);
    const run = await judge({ 'vex.json': doc });
    expect(alertOf(run, 'alert_lodash').status).toBe(matches ? 'not-affected' : 'gating');
    // A statement that spoke of nothing is listed, so the miss shows.
    expect(reportOf(run).vex?.unmatched).toHaveLength(matches ? 0 : 1);
  });

  test('by an alias or @id of the vulnerability', async () => {
    alerts(lodashAlert());
    const doc = vexDocument('urn:doc', [
      {
        vulnerability: { name: 'lodash-injection', '@id': 'https://nvd.example/CVE-2021-23337', aliases: [LODASH_CVE] },
        products: ['pkg:npm/lodash@4.17.20'],
        ...NOT_AFFECTED,
      },
    ]);
    expect(alertOf(await judge({ 'vex.json': doc }), 'alert_lodash').status).toBe('not-affected');
  });

  describe('qualifiers: each the statement gives must be in the alert package URL, keys in any case, values exactly', () => {
    const ALERT_PURL = 'pkg:deb/debian/openssl@3.0.11?arch=amd64&distro=debian-12';
    test.each([
      ['none', 'pkg:deb/debian/openssl@3.0.11', true],
      ['one of the alert', 'pkg:deb/debian/openssl@3.0.11?arch=amd64', true],
      ['a key in another case', 'pkg:deb/debian/openssl@3.0.11?ARCH=amd64', true],
      ['a value in another case', 'pkg:deb/debian/openssl@3.0.11?arch=AMD64', false],
      ['one the alert lacks', 'pkg:deb/debian/openssl@3.0.11?arch=amd64&repository_url=x', false],
      ['another value', 'pkg:deb/debian/openssl@3.0.11?arch=arm64', false],
    ])('%s', async (_name, product, matches) => {
      alerts(serviceAlert('alert_ssl', OPENSSL, ALERT_PURL, 'critical'));
      const run = await judge({
        'vex.json': vexDocument('urn:doc', [{ vulnerability: OPENSSL, products: [product], ...NOT_AFFECTED }]),
      });
      expect(alertOf(run, 'alert_ssl').status).toBe(matches ? 'not-affected' : 'gating');
    });
  });

  test('a subcomponent of a product that is not a package URL speaks; the product alone does not', async () => {
    alerts(lodashAlert(), serviceAlert('alert_ssl', OPENSSL, 'pkg:deb/debian/openssl@3.0.11', 'critical'));
    const image = 'sha256:0f0e0d0c0b0a09080706050403020100';
    const doc = vexDocument('urn:doc', [
      {
        vulnerability: LODASH,
        products: [{ '@id': image, subcomponents: [{ identifiers: { purl: 'pkg:npm/lodash@4.17.20' } }] }],
        ...NOT_AFFECTED,
      },
      { vulnerability: OPENSSL, products: [image], ...NOT_AFFECTED },
    ]);
    const run = await judge({ 'vex.json': doc });
    expect(alertOf(run, 'alert_lodash').status).toBe('not-affected');
    expect(alertOf(run, 'alert_ssl').status).toBe('gating');
    expect(reportOf(run).vex?.unmatched).toEqual([
      expect.objectContaining({ file: 'vex.json', statement: 1, vulnerability: OPENSSL, packages: [] }),
    ]);
  });
});

describe('which statement wins', () => {
  const PRODUCT = 'pkg:npm/lodash@4.17.20';
  test('the later time wins, whatever the order read; statement time before document time', async () => {
    alerts(lodashAlert());
    const first = vexDocument('urn:first', [
      { vulnerability: LODASH, products: [PRODUCT], ...NOT_AFFECTED, last_updated: '2025-06-01T00:00:00Z' },
    ]);
    // Its document is newer, but the statement's own timestamp is older.
    const second = vexDocument(
      'urn:second',
      [
        {
          vulnerability: LODASH,
          products: [PRODUCT],
          status: 'affected',
          action_statement: 'upgrade',
          timestamp: '2025-05-01T00:00:00Z',
        },
      ],
      { timestamp: '2025-07-01T00:00:00Z' },
    );
    const run = await judge({ 'a.json': first, 'b.json': second });
    expect(alertOf(run, 'alert_lodash')).toMatchObject({ status: 'not-affected', vex: { document: 'urn:first' } });
  });

  test('on a tie, the one read later: files in the order given, then statements in document order', async () => {
    alerts(lodashAlert());
    const spares = vexDocument('urn:spares', [{ vulnerability: LODASH, products: [PRODUCT], ...NOT_AFFECTED }]);
    const affected = vexDocument('urn:affected', [
      { vulnerability: LODASH, products: [PRODUCT], status: 'under_investigation' },
      { vulnerability: LODASH_CVE, products: [PRODUCT], status: 'affected', action_statement: 'upgrade' },
    ]);
    const sparedLast = await judge({ 'affected.json': affected, 'spares.json': spares });
    expect(alertOf(sparedLast, 'alert_lodash').status).toBe('not-affected');
    const affectedLast = await judge({ 'spares.json': spares, 'affected.json': affected });
    expect(alertOf(affectedLast, 'alert_lodash')).toMatchObject({
      status: 'gating',
      vex: { status: 'affected', statement: 1 },
    });
  });
});

describe('valid or refused, before any request', () => {
  test('every problem of every file at once, each naming the file and the statement', async () => {
    alerts(lodashAlert());
    const bad = JSON.stringify({
      '@context': 'https://openvex.dev/ns/v0.2.0',
      statements: [
        { vulnerability: { name: LODASH }, products: [{ '@id': 'pkg:npm/lodash' }], status: 'not_affected' },
        { vulnerability: {}, products: [{ '@id': 'pkg:npm/lodash' }], status: 'fixed' },
        { vulnerability: { name: LODASH }, products: [], status: 'gone' },
        {
          vulnerability: { name: LODASH },
          products: [{ '@id': 'pkg:npm/lodash' }],
          status: 'not_affected',
          justification: 'not_used',
        },
      ],
    });
    const files = {
      'bad.json': bad,
      'not-json.json': '{ nope',
      'ctx.json': JSON.stringify({ '@context': 'https://example.com/ns', statements: [] }),
    };
    const run = await judge(files);
    expect(run.exitCode).toBe(1);
    expect(h.sim.requests).toEqual([]);
    const text = errorText(run);
    for (const expected of [
      'bad.json: statements[0]: not_affected needs a justification or an impact_statement',
      'bad.json: statements[1]: vulnerability.name',
      'bad.json: statements[2]: status',
      'bad.json: statements[2]: products',
      'bad.json: statements[3]: justification',
      'not-json.json: is not JSON',
      'ctx.json: @context: must begin https://openvex.dev/ns',
      'ctx.json: statements: is empty',
    ])
      expect(text).toContain(expected);
  });

  test.each([
    [
      'a file missing from the workspace',
      { 'vex-files': 'missing.json' },
      'vex-files missing.json: no such file in the workspace',
    ],
    ['a glob', { 'vex-files': '.vex/*.json' }, 'name each file (no globs)'],
    ['a path out of the workspace', { 'vex-files': '../x.json' }, 'leads out of the workspace'],
    ['more than 50 files', { 'vex-files': Array.from({ length: 51 }, (_, i) => `v${i}.json`).join(',') }, 'at most 50'],
  ])('%s is an input error', async (_name, inputs, message) => {
    const run = await judge({}, inputs);
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain(message);
    expect(h.sim.requests).toEqual([]);
  });

  test('unknown fields are ignored', async () => {
    alerts(lodashAlert());
    const doc = JSON.parse(
      vexDocument('urn:doc', [{ vulnerability: LODASH, products: ['pkg:npm/lodash@4.17.20'], ...NOT_AFFECTED }]),
    ) as Record<string, unknown>;
    const run = await judge({ 'vex.json': JSON.stringify({ ...doc, 'x-extra': { any: 1 }, tooling: 'vexctl' }) });
    expect(run.outputs.result).toBe('pass');
  });
});

describe('never silently deaf', () => {
  test('statements that speak of no alert are listed in the summary and the JSON report', async () => {
    alerts(lodashAlert());
    const doc = vexDocument('urn:doc', [
      { vulnerability: LODASH, products: ['pkg:npm/lodash@4.17.20'], ...NOT_AFFECTED },
      { vulnerability: 'GHSA-typo-typo-typo', products: ['pkg:npm/lodash@4.17.20'], ...NOT_AFFECTED },
    ]);
    const run = await judge({ 'vex.json': doc });
    expect(reportOf(run).vex?.unmatched).toEqual([
      {
        document: 'urn:doc',
        author: 'Acme Security <security@acme.example>',
        file: 'vex.json',
        statement: 1,
        vulnerability: 'GHSA-typo-typo-typo',
        packages: ['pkg:npm/lodash@4.17.20'],
      },
    ]);
    const summary = plain(run.summary);
    expect(summary).toContain('1 statement matched nothing read');
    expect(summary).toContain('GHSA-typo-typo-typo');
  });

  test('when the alerts were not all read, none is said to match nothing', async () => {
    alerts(lodashAlert('low'));
    // The search announces more than it holds: the read is incomplete.
    h.sim.faults.totalCountDelta = 3;
    const doc = vexDocument('urn:doc', [
      { vulnerability: 'GHSA-typo-typo-typo', products: ['pkg:npm/x'], ...NOT_AFFECTED },
    ]);
    const run = await judge({ 'vex.json': doc }, { 'on-api-error': 'warn' });
    expect(run.outputs.result).toBe('error');
    expect(reportOf(run).vex?.unmatched).toBeNull();
    expect(plain(run.summary)).toContain('no statement is said to match nothing');
  });
});

describe('on a pull request the documents are read at the base commit', () => {
  const PR = {
    number: 7,
    repository: CLEAN_REPO.name,
    repositoryId: Number(CLEAN_REPO.externalId),
    base: '1'.repeat(40),
    head: '2'.repeat(40),
  };
  const SPARES = vexDocument('urn:base', [
    { vulnerability: LODASH, products: ['pkg:npm/lodash@4.17.20'], ...NOT_AFFECTED },
  ]);
  const onPr = (files: Record<string, string>) => ({
    ...pullRequestOn(PR),
    files,
    env: { GITHUB_API_URL: fake.github.url },
  });
  const atBase = (text: string) =>
    fake.github.files.set(`${CLEAN_REPO.name}/vex.json@${PR.base}`, { text, token: GITHUB_TOKEN });

  test('the base copy judges: a pull request cannot VEX its own alert away', async () => {
    alerts(lodashAlert());
    atBase(
      vexDocument('urn:base', [{ vulnerability: 'GHSA-none-none-none', products: ['pkg:npm/x'], ...NOT_AFFECTED }]),
    );
    const run = await h.gate(
      { 'vex-files': 'vex.json', 'report-file': REPORT, 'pr-changes': 'off', 'max-retries': '0' },
      onPr({ 'vex.json': SPARES }),
    );
    expect(run.outputs.result).toBe('fail');
    expect(alertOf(run, 'alert_lodash').status).toBe('gating');
  });

  test('read there, the base copy spares', async () => {
    alerts(lodashAlert());
    atBase(SPARES);
    const run = await h.gate(
      { 'vex-files': 'vex.json', 'report-file': REPORT, 'pr-changes': 'off', 'max-retries': '0' },
      onPr({}),
    );
    expect(run.outputs.result).toBe('pass');
  });

  test('missing at the base: a notice, and it spares nothing', async () => {
    alerts(lodashAlert());
    fake.github.commits.add(`${CLEAN_REPO.name}@${PR.base}`);
    const run = await h.gate(
      { 'vex-files': 'vex.json', 'report-file': REPORT, 'pr-changes': 'off', 'max-retries': '0' },
      onPr({ 'vex.json': SPARES }),
    );
    expect(run.outputs.result).toBe('fail');
    expect(
      run.commands
        .filter((c) => c.command === 'notice')
        .map((c) => c.message)
        .join('\n'),
    ).toContain('vex-files vex.json is not in the base commit 1111111');
  });

  test('missing at the base and in the workspace: an input error', async () => {
    fake.github.commits.add(`${CLEAN_REPO.name}@${PR.base}`);
    const run = await h.gate({ 'vex-files': 'vex.json', 'pr-changes': 'off', 'max-retries': '0' }, onPr({}));
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain('no such file at the base commit 1111111 nor in the workspace');
    expect(h.sim.requests).toEqual([]);
  });
});

describe('a vulnerability the pull request brings in', () => {
  /** qs prototype pollution, GitHub's id. */
  const QS = 'GHSA-hrpp-h998-j3pp';
  /** A pull request of acme/clean-lib (no alerts) that adds qs 6.7.0 and lodash 4.17.20, each with a critical advisory; `vex` at its base. */
  async function judgeBroughtIn(vex: string) {
    alerts();
    const pr = {
      ...badPullRequest(),
      changes: [
        compareEntry('added', { ecosystem: 'npm', name: 'qs', version: '6.7.0' }, 'package.json', [
          { id: QS, severity: 'critical' },
        ]),
        compareEntry('added', { ecosystem: 'npm', name: 'lodash', version: '4.17.20' }, 'package.json', [
          { id: LODASH, severity: 'critical' },
        ]),
      ],
    };
    serve(fake.github, pr);
    fake.github.files.set(`${pr.repository}/vex.json@${pr.base}`, { text: vex, token: GITHUB_TOKEN });
    return h.gate(
      { 'vex-files': 'vex.json', 'report-file': REPORT, 'comment-on-pr': 'always', 'max-retries': '0' },
      { ...pullRequestOn(pr), env: { GITHUB_API_URL: fake.github.url } },
    );
  }
  const findingOf = (run: Awaited<ReturnType<typeof judgeBroughtIn>>, advisory: string) =>
    reportOf(run).introduced?.findings.find((f) => f.advisory === advisory);

  test('spared by a statement of its GHSA id: it does not gate, counts in vex-count, the report names the statement', async () => {
    const run = await judgeBroughtIn(
      vexDocument('urn:brought-in', [
        { vulnerability: QS, products: ['pkg:npm/qs@6.7.0'], ...NOT_AFFECTED },
        { vulnerability: LODASH, products: ['pkg:npm/lodash@4.17.20'], status: 'fixed' },
      ]),
    );
    expect(run.outputs).toMatchObject({
      result: 'pass',
      'gating-count': '0',
      'introduced-count': '2',
      'vex-count': '2',
    });
    for (const [advisory, statement] of [
      [QS, 0],
      [LODASH, 1],
    ] as const) {
      const finding = findingOf(run, advisory);
      expect({ advisory, status: finding?.status, disposition: finding?.disposition }).toEqual({
        advisory,
        status: 'not-affected',
        disposition: expect.objectContaining({
          gates: false,
          rule: 'vex',
          reason: expect.stringContaining(`urn:brought-in statements[${statement}] (vex.json)`),
          vex: { document: 'urn:brought-in', file: 'vex.json', statement },
        }),
      });
      expect(finding?.vex).toMatchObject({ document: 'urn:brought-in', statement });
    }
    expect(reportOf(run).counts?.vex).toBe(2);
    expect(reportOf(run).vex?.unmatched).toEqual([]);
  });

  test('an affected statement decides nothing: the finding gates, its row in the comment says so', async () => {
    const run = await judgeBroughtIn(
      vexDocument('urn:brought-in', [
        { vulnerability: QS, products: ['pkg:npm/qs@6.7.0'], ...NOT_AFFECTED },
        {
          vulnerability: LODASH,
          products: ['pkg:npm/lodash@4.17.20'],
          status: 'affected',
          action_statement: 'Upgrade to 4.17.21',
        },
      ]),
    );
    expect(run.outputs).toMatchObject({ result: 'fail', 'gating-count': '1', 'vex-count': '1' });
    expect(findingOf(run, LODASH)).toMatchObject({ status: 'gating', vex: { document: 'urn:brought-in' } });
    expect(fake.github.comments).toHaveLength(1);
    for (const page of [run.summary, fake.github.comments[0]!.body]) {
      const row = plain(page)
        .split('\n')
        .find((l) => l.startsWith('|') && l.includes(LODASH) && l.includes('`lodash@4.17.20`'));
      expect(row?.replaceAll('**', '')).toMatch(/\| ❌ fails the gate VEX: affected — Upgrade to 4\.17\.21 \|$/);
    }
  });
});

describe('vex-output', () => {
  const schema = JSON.parse(
    readFileSync(new URL('../fixtures/openvex/openvex_json_schema.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  // ajv 6 knows draft-07, whose keywords (if/then, const, $ref by JSON pointer) are all this schema uses.
  delete schema.$schema;
  const validate = new Ajv({ unknownFormats: ['iri'], allErrors: true }).compile(schema);

  test('a valid OpenVEX document of what the gate judged, with a stable @id', async () => {
    alerts(
      lodashAlert(),
      serviceAlert('alert_ssl', OPENSSL, 'pkg:deb/debian/openssl@3.0.11', 'critical', { aliases: ['CVE-2099-0001'] }),
      {
        ...serviceAlert('alert_unreach', 'GHSA-unre-acha-ble0', 'pkg:npm/minimist@1.2.5', 'critical'),
        reachabilityCounts: { reachable: 0, needsReview: 0, unreachable: 3 },
      },
      serviceAlert('alert_allowed', 'GHSA-allo-wedd-0001', 'pkg:npm/qs@6.7.0', 'critical'),
    );
    const doc = vexDocument('urn:doc', [
      { vulnerability: LODASH, products: ['pkg:npm/lodash'], status: 'fixed', timestamp: '2025-02-02T00:00:00Z' },
    ]);
    const inputs = {
      'vex-output': 'out/deep/gate.vex.json',
      'ignore-unreachable': 'true',
      'allow-alerts': 'GHSA-allo-wedd-0001 until 2999-01-01 # vendor fix',
    };
    const run = await judge({ 'vex.json': doc }, inputs);
    const text = run.files['out/deep/gate.vex.json']!;
    const out = JSON.parse(text) as {
      '@id': string;
      timestamp: string;
      statements: {
        vulnerability: { name: string };
        status: string;
        products: { '@id': string; subcomponents?: { '@id': string }[] }[];
        justification?: string;
        action_statement?: string;
      }[];
    };
    expect(validate(out) ? [] : validate.errors).toEqual([]);
    const byName = new Map(out.statements.map((s) => [s.vulnerability.name, s]));
    expect(byName.get(LODASH)).toMatchObject({
      status: 'fixed',
      products: [{ '@id': `pkg:github/acme/clean-lib@${SHA}`, subcomponents: [{ '@id': 'pkg:npm/lodash@4.17.20' }] }],
    });
    expect(byName.get(OPENSSL)).toMatchObject({ status: 'affected' });
    expect(byName.get('GHSA-unre-acha-ble0')).toMatchObject({
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
    });
    expect(byName.get('GHSA-allo-wedd-0001')?.action_statement).toContain('vendor fix');
    expect(Date.parse(out.timestamp)).not.toBeNaN();
    // The same commit gives the same @id.
    const again = JSON.parse((await judge({ 'vex.json': doc }, inputs)).files['out/deep/gate.vex.json']!) as {
      '@id': string;
    };
    expect(again['@id']).toBe(out['@id']);
  });

  test('the check itself refuses a document the schema refuses', () => {
    expect(
      validate({
        '@context': 'https://openvex.dev/ns/v0.2.0',
        '@id': 'x',
        author: 'a',
        timestamp: '2025-01-01T00:00:00Z',
        version: 1,
        statements: [{ vulnerability: { name: 'X' }, status: 'affected' }],
      }),
    ).toBe(false);
  });

  test('not written when the alerts were not read', async () => {
    alerts(lodashAlert());
    h.sim.script(PATHS.alerts, { status: 400 }, { status: 400 });
    const run = await judge({}, { 'vex-files': '', 'vex-output': 'gate.vex.json', 'on-api-error': 'warn' });
    expect(run.outputs.result).toBe('error');
    expect(run.files['gate.vex.json']).toBeUndefined();
  });
});
