// Without GitHub's dependency graph: the lockfiles themselves (issue 35; contract: "Without GitHub's
// dependency graph: the lockfiles themselves", the pr-changes row), end to end through dist/ against
// the simulator (its OSV) and a fake GitHub whose compare answers 403 or 404 and whose contents API
// serves the lockfiles' base copies (raw, with github-token, at the base commit only). The lockfiles
// are real files of each format (__tests__/fixtures/lockfiles/); the OSV records are the simulator's
// or made here; expectations come from the contract's words and those files, never from src/.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { OSV_QUERYBATCH_PATH, OSV_VULNS_PATH, type OsvRecord } from '../../simulator/osv.js';
import { BAD_PR_ADVISORIES as A, noGraphPullRequest } from '../../simulator/pull-requests.js';
import { npmLockfile } from '../../simulator/lockfiles.js';
import { errorText, type GateRun } from './harness.js';
import { GITHUB_TOKEN, madeUpGhsa, pullRequestOn } from './introduced-fixtures.js';
import { queriesOf, sourceInputs, useSupplyHarness, type OsvQuery } from './supply-fixtures.js';

const s = useSupplyHarness();
const PR = noGraphPullRequest();
const REPORT = 'security-gate.json';
const fixture = (path: string) => readFileSync(`__tests__/fixtures/lockfiles/${path}`, 'utf8');

interface Finding {
  advisory: string;
  cves: string[] | null;
  severity: string;
  name: string;
  version: string;
  manifests: string[];
  url: string;
  status: string;
  fix?: { version: string | null; advisory: string } | null;
}
interface Report {
  result: string;
  change: {
    state: string;
    entries: number | null;
    reason: string | null;
    lockfiles?: { files: string[]; why: string } | null;
  } | null;
  introduced: { findings: Finding[] } | null;
  errors: { kind: string; message: string }[];
  warnings: { kind: string; message: string }[];
}
const reportOf = (run: GateRun) => JSON.parse(run.files[REPORT]!) as Report;

interface Judged {
  run: GateRun;
  report: Report;
  /** The OSV queries sent, every request's together. */
  queries: OsvQuery[];
  querybatches: number;
  /** The ids whose records were asked for. */
  records: string[];
  contents: Array<{ path: string; authorization: string | undefined }>;
  compares: number;
}

/**
 * Runs the action on the pull request without a dependency graph: the compare answers `compare`
 * (403 by default; null: it is not failed, for pr-changes: lockfiles), the workspace holds `head`,
 * GitHub's contents API `base` at the base commit (only to github-token); OSV is the simulator's.
 */
async function judge({
  head,
  base = {},
  inputs = {},
  compare = 403,
  links = {},
}: {
  head: Record<string, string>;
  links?: Record<string, string>;
  base?: Record<string, string>;
  inputs?: Record<string, string>;
  compare?: number | null;
}): Promise<Judged> {
  if (compare !== null) s.github.failRoute.compare = compare;
  s.github.commits.add(`${PR.repository}@${PR.base}`);
  for (const [path, text] of Object.entries(base))
    s.github.files.set(`${PR.repository}/${path}@${PR.base}`, { text, token: GITHUB_TOKEN });
  const run = await s.h.gate(
    { 'report-file': REPORT, 'max-retries': '0', ...sourceInputs(s.h.sim), ...inputs },
    { ...pullRequestOn(PR), files: head, links, env: { GITHUB_API_URL: s.github.url } },
  );
  const osv = s.h.sim.requests;
  return {
    run,
    report: reportOf(run),
    queries: osv.filter((r) => r.path === OSV_QUERYBATCH_PATH).flatMap(queriesOf),
    querybatches: osv.filter((r) => r.path === OSV_QUERYBATCH_PATH).length,
    records: osv
      .filter((r) => r.path.startsWith(OSV_VULNS_PATH))
      .map((r) => decodeURIComponent(r.path.slice(OSV_VULNS_PATH.length))),
    contents: s.github.requests
      .filter((r) => r.path.includes('/contents/'))
      .map((r) => ({ path: r.path, authorization: r.authorization })),
    compares: s.github.requests.filter((r) => r.path.includes('/dependency-graph/compare/')).length,
  };
}

const findingsOf = (report: Report) => report.introduced?.findings ?? [];
const finding = (report: Report, advisory: string) => findingsOf(report).find((f) => f.advisory === advisory);
const short = (sha: string) => sha.slice(0, 7);

/** An OSV record of one package version, as OSV writes GitHub's (a GHSA id, a CVE alias, GitHub's word). */
function record(
  id: string,
  pkg: { ecosystem: string; name: string; version: string },
  {
    aliases = [] as string[],
    severity = 'HIGH' as string | null,
    vector = null as string | null,
    fixed = '9999.0.0',
  } = {},
): OsvRecord {
  return {
    id,
    modified: '2025-06-01T00:00:00Z',
    summary: `Made-up vulnerability of ${pkg.name}`,
    aliases,
    ...(vector ? { severity: [{ type: 'CVSS_V3', score: vector }] } : {}),
    affected: [
      {
        package: { ecosystem: pkg.ecosystem, name: pkg.name },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }],
        versions: [pkg.version],
      },
    ],
    ...(severity ? { database_specific: { severity } } : {}),
    schema_version: '1.6.0',
  };
}
const seed = (...records: OsvRecord[]) => {
  for (const r of records) s.h.sim.osv.records.set(r.id, r);
};

const GRADLE = 'java/gradle.lockfile';

describe('when the lockfiles are read', () => {
  test.each([403, 404])(
    "GitHub's compare answers %i: the change is read from the lockfiles, and a pull request adding log4j-core through its Gradle lockfile fails on Log4Shell",
    async (status) => {
      const { run, report, contents, compares } = await judge({ head: PR.files, base: PR.baseFiles, compare: status });
      expect(compares).toBe(1);
      expect(contents.map((c) => c.path)).toEqual([`/repos/${PR.repository}/contents/${GRADLE}`]);
      expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'fail' });
      const log4shell = finding(report, A.log4shell);
      expect(log4shell).toMatchObject({
        severity: 'critical',
        name: 'org.apache.logging.log4j:log4j-core',
        version: '2.14.1',
        manifests: [GRADLE],
        status: 'gating',
        fix: { version: '2.15.0', advisory: A.log4shell },
      });
      // The base locks guava and junit too: only log4j-api and log4j-core are added.
      expect(report.change).toMatchObject({ state: 'read', entries: 2, lockfiles: { files: [GRADLE] } });
      expect(report.change?.lockfiles?.why).toContain(`HTTP ${status}`);
      // The summary says the change was read from the lockfiles: which, at which commits, and why.
      expect(run.summary).toContain(
        `read from the lockfiles themselves for pull request ${PR.number} (\`${short(PR.base)}\`...\`${short(PR.head)}\`), 2 entries: \`${GRADLE}\`, each compared with its copy at the base commit; their vulnerabilities from OSV. Why: GitHub's dependency review compare (${short(PR.base)}...${short(PR.head)}) answered HTTP ${status}: the dependency graph`,
      );
      expect(run.summary).toContain('Vulnerabilities OSV lists on packages this pull request adds');
    },
  );

  test('pr-changes: lockfiles: the compare is not asked, and the summary says why the lockfiles were read', async () => {
    const { run, report, compares } = await judge({
      head: PR.files,
      base: PR.baseFiles,
      compare: null,
      inputs: { 'pr-changes': 'lockfiles' },
    });
    expect(compares).toBe(0);
    expect(run.outputs.result).toBe('fail');
    expect(report.change?.lockfiles?.why).toBe('pr-changes is lockfiles');
    expect(run.summary).toContain('Why: pr-changes is lockfiles.');
  });

  test("the base copy is asked of GitHub's contents API with github-token, raw, at the base commit (the fake serves nothing else)", async () => {
    const { contents, report } = await judge({ head: PR.files, base: PR.baseFiles });
    expect(contents).toEqual([
      { path: `/repos/${PR.repository}/contents/${GRADLE}`, authorization: `Bearer ${GITHUB_TOKEN}` },
    ]);
    // Read as the base has it: guava and junit are not added (an unread base would make every entry added).
    expect(report.change?.entries).toBe(2);
  });

  test('a lockfile the base does not have (404) is added whole; lockfiles anywhere are found, node_modules, vendor and .git skipped', async () => {
    const npm = fixture('npm-v3/package-lock.json');
    const { report, contents, queries } = await judge({
      head: {
        'services/web/package-lock.json': npm,
        'node_modules/left-pad/package-lock.json': npm,
        'vendor/bundle/Gemfile.lock': fixture('bundler/Gemfile.lock'),
        '.git/hooks/yarn.lock': fixture('yarn-v1/yarn.lock'),
      },
    });
    expect(contents.map((c) => c.path)).toEqual([`/repos/${PR.repository}/contents/services/web/package-lock.json`]);
    expect(report.change).toMatchObject({
      state: 'read',
      entries: 6,
      lockfiles: { files: ['services/web/package-lock.json'] },
    });
    // Each of the file's six entries asked of OSV once, by its npm name and version.
    expect(queries.map((q) => `${q.package.ecosystem} ${q.package.name} ${q.version}`).sort()).toEqual(
      ['@types/ms 0.7.34', 'debug 4.3.7', 'is-number 7.0.0', 'ms 2.1.3', 'debug 2.6.9', 'ms 2.0.0']
        .map((e) => `npm ${e}`)
        .sort(),
    );
  });

  test('a version bumped in a lockfile: one removed, one added; only the added version is asked of OSV', async () => {
    const { report, queries } = await judge({
      head: { 'requirements.txt': 'requests==2.31.0\nidna==3.6\n' },
      base: { 'requirements.txt': 'requests==2.25.1\nidna==3.6\n' },
    });
    expect(report.change?.entries).toBe(2);
    expect(queries).toEqual([{ package: { ecosystem: 'PyPI', name: 'requests' }, version: '2.31.0' }]);
  });
});

// Each format: a real file, added whole (the base has none), one of its entries made vulnerable in OSV.
const FORMATS: Array<
  [path: string, osv: { ecosystem: string; name: string; version: string }, name: string, version: string]
> = [
  ['npm-v1/package-lock.json', { ecosystem: 'npm', name: 'debug', version: '4.3.7' }, 'debug', '4.3.7'],
  ['npm-v2/package-lock.json', { ecosystem: 'npm', name: 'ms', version: '2.1.3' }, 'ms', '2.1.3'],
  ['npm-v3/package-lock.json', { ecosystem: 'npm', name: '@types/ms', version: '0.7.34' }, '@types/ms', '0.7.34'],
  ['npm-shrinkwrap/npm-shrinkwrap.json', { ecosystem: 'npm', name: 'debug', version: '2.6.9' }, 'debug', '2.6.9'],
  ['yarn-v1/yarn.lock', { ecosystem: 'npm', name: 'is-number', version: '7.0.0' }, 'is-number', '7.0.0'],
  ['yarn-berry/yarn.lock', { ecosystem: 'npm', name: 'function-bind', version: '1.1.2' }, 'function-bind', '1.1.2'],
  ['pnpm-v6/pnpm-lock.yaml', { ecosystem: 'npm', name: 'debug', version: '2.6.9' }, 'debug', '2.6.9'],
  ['pnpm-v9/pnpm-lock.yaml', { ecosystem: 'npm', name: 'debug', version: '4.3.7' }, 'debug', '4.3.7'],
  ['pip/requirements.txt', { ecosystem: 'PyPI', name: 'idna', version: '3.6' }, 'idna', '3.6'],
  ['poetry-1/poetry.lock', { ecosystem: 'PyPI', name: 'certifi', version: '2021.10.8' }, 'certifi', '2021.10.8'],
  ['poetry-2/poetry.lock', { ecosystem: 'PyPI', name: 'packaging', version: '24.2' }, 'packaging', '24.2'],
  ['pipenv/Pipfile.lock', { ecosystem: 'PyPI', name: 'flask', version: '3.0.2' }, 'flask', '3.0.2'],
  ['uv/uv.lock', { ecosystem: 'PyPI', name: 'iniconfig', version: '2.0.0' }, 'iniconfig', '2.0.0'],
  [
    'go/go.sum',
    { ecosystem: 'Go', name: 'github.com/davecgh/go-spew', version: '1.1.1' },
    'github.com/davecgh/go-spew',
    'v1.1.1',
  ],
  ['cargo/Cargo.lock', { ecosystem: 'crates.io', name: 'cfg-if', version: '1.0.0' }, 'cfg-if', '1.0.0'],
  [
    'bundler/Gemfile.lock',
    { ecosystem: 'RubyGems', name: 'concurrent-ruby', version: '1.2.3' },
    'concurrent-ruby',
    '1.2.3',
  ],
  ['composer/composer.lock', { ecosystem: 'Packagist', name: 'psr/log', version: '3.0.0' }, 'psr/log', '3.0.0'],
  [
    'nuget/packages.lock.json',
    { ecosystem: 'NuGet', name: 'Newtonsoft.Json', version: '13.0.3' },
    'Newtonsoft.Json',
    '13.0.3',
  ],
  [
    'gradle/gradle.lockfile',
    { ecosystem: 'Maven', name: 'com.google.guava:guava', version: '30.1-jre' },
    'com.google.guava:guava',
    '30.1-jre',
  ],
];

describe('each format, a real file', () => {
  test.each(FORMATS.map(([path, osv, name, version], i) => [path, i, osv, name, version] as const))(
    "%s: its entries asked of OSV in OSV's words; the vulnerable one is a finding with its GHSA id, severity and fix",
    async (path, i, osv, name, version) => {
      const ghsa = madeUpGhsa(900 + i);
      seed(record(ghsa, osv, { aliases: [`CVE-2099-${1000 + i}`], fixed: '9999.0.0' }));
      const head = { [path]: fixture(path) };
      if (path === 'go/go.sum') head['go/go.mod'] = fixture('go/go.mod');
      const { run, report, queries, records } = await judge({ head });
      expect(queries).toContainEqual({ package: { ecosystem: osv.ecosystem, name: osv.name }, version: osv.version });
      // Each record asked once (the Gradle file also locks log4j-core 2.14.1, whose records OSV has).
      expect(records).toContain(ghsa);
      expect(new Set(records).size).toBe(records.length);
      expect(finding(report, ghsa)).toMatchObject({
        severity: 'high',
        name,
        version,
        manifests: [path],
        status: 'below-threshold',
        fix: { version: '9999.0.0', advisory: ghsa },
      });
      expect(run.summary).toContain(`\`${path}\``);
    },
  );
});

describe('what OSV says', () => {
  const CVSS_CRITICAL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8
  const REQUESTS = { ecosystem: 'PyPI', name: 'requests', version: '2.25.1' };
  const head = { 'requirements.txt': 'requests==2.25.1\n' };

  test("severity: GitHub's word when the record has one, else the CVSS v3 base score banded; an id without GHSA alias is its own, linked to OSV", async () => {
    seed(record('PYSEC-2099-1', REQUESTS, { severity: null, vector: CVSS_CRITICAL }));
    const { run, report } = await judge({ head });
    expect(finding(report, 'PYSEC-2099-1')).toMatchObject({
      severity: 'critical',
      status: 'gating',
      url: 'https://osv.dev/vulnerability/PYSEC-2099-1',
    });
    expect(run.outputs.result).toBe('fail');
  });

  test('a record with a GHSA alias is the GHSA advisory, its CVE ids known without asking GitHub', async () => {
    const ghsa = madeUpGhsa(1);
    seed(record('PYSEC-2099-2', REQUESTS, { aliases: [ghsa, 'CVE-2099-0002'], severity: 'MODERATE' }));
    const { report } = await judge({ head, inputs: { 'known-exploited': 'warn' } });
    expect(finding(report, ghsa)).toMatchObject({ severity: 'medium', cves: ['CVE-2099-0002'] });
    expect(s.github.requests.filter((r) => r.path.endsWith('/graphql') || r.path.startsWith('/advisories/'))).toEqual(
      [],
    );
  });

  test('one querybatch answers the malicious check too: nothing is asked twice', async () => {
    const { run, querybatches, queries } = await judge({
      head: { 'package-lock.json': npmLockfile(['color-stringify']).text.replace('"1.0.0"', '"4.1.1"') },
      inputs: { malicious: 'fail' },
    });
    expect(querybatches).toBe(1);
    expect(queries).toEqual([{ package: { ecosystem: 'npm', name: 'color-stringify' }, version: '4.1.1' }]);
    expect(run.outputs['malicious-count']).toBe('1');
    expect(run.outputs.result).toBe('fail');
  });

  test('private packages never leave the runner', async () => {
    const { run, queries, report } = await judge({
      head: PR.files,
      base: PR.baseFiles,
      inputs: { 'private-packages': 'pkg:maven/org.apache.logging.log4j/*' },
    });
    expect(queries).toEqual([]);
    expect(findingsOf(report)).toEqual([]);
    expect(run.outputs.result).toBe('pass');
  });
});

describe('fail closed', () => {
  test.each([
    ['fail', 1, 'error'],
    ['warn', 0, 'error'],
  ])(
    'a lockfile that does not parse: an API error naming it (on-api-error %s)',
    async (onApiError, exitCode, result) => {
      const { run } = await judge({
        head: { 'web/package-lock.json': '{ "lockfileVersion": 3, "packages": ' },
        inputs: { 'on-api-error': onApiError },
      });
      expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode, result });
      const said = onApiError === 'fail' ? errorText(run) : run.warnings.join('\n');
      expect(said).toContain('web/package-lock.json does not parse (its copy in the workspace)');
    },
  );

  test('under pr-introduced: warn the same is a warning, and the verdict stands', async () => {
    const { run } = await judge({
      head: { 'web/package-lock.json': '{ "lockfileVersion": 3, "packages": ' },
      inputs: { 'pr-introduced': 'warn' },
    });
    expect(run.outputs.result).toBe('pass');
    expect(run.warnings.join('\n')).toContain('web/package-lock.json does not parse');
  });

  test('under pr-introduced: warn with deny-packages, a lockfile that does not parse is still an API error: a denied package gates whatever pr-introduced says', async () => {
    const { run } = await judge({
      head: { 'web/package-lock.json': '{ "lockfileVersion": 3, "packages": ' },
      inputs: { 'pr-introduced': 'warn', 'deny-packages': 'pkg:npm/event-stream' },
    });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain('was not checked for malicious or denied packages');
  });

  test('a base copy GitHub cannot give (HTTP 500): an API error naming the file and the base commit', async () => {
    s.github.failRoute.contents = 500;
    const { run } = await judge({ head: PR.files });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain(`${GRADLE} could not be read at the base commit ${short(PR.base)}`);
  });

  test.each([
    ['fail', 'error', 1],
    ['warn', 'pass', 0],
  ])('OSV failing: under pr-introduced %s, %s', async (mode, result, exitCode) => {
    s.h.sim.osv.fault = 'error';
    const { run } = await judge({ head: PR.files, base: PR.baseFiles, inputs: { 'pr-introduced': mode } });
    expect({ result: run.outputs.result, exitCode: run.exitCode }).toEqual({ result, exitCode });
    const said = mode === 'fail' ? errorText(run) : run.warnings.join('\n');
    expect(said).toContain('the vulnerabilities of the versions they add could not be: OSV (osv-url');
  });

  test('no lockfile in the workspace: a warning says what was not checked and how to enable the dependency graph; the verdict is unchanged', async () => {
    const { run } = await judge({ head: { 'README.md': '# clean-lib\n' } });
    expect(run.outputs.result).toBe('pass');
    const warning = run.warnings.join('\n');
    expect(warning).toContain('What this pull request brings in was not checked');
    expect(warning).toContain('the workspace holds no lockfile');
    expect(warning).toContain('enable the dependency graph');
  });

  test('a lockfile that is a link: an API error naming it, never a lockfile left unread', async () => {
    const { run, contents } = await judge({
      head: { 'locks/real.json': fixture('npm-v3/package-lock.json') },
      links: { 'package-lock.json': 'locks/real.json' },
    });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain('the lockfile package-lock.json is a link, which the action does not follow');
    expect(contents).toEqual([]);
  });

  test('a lockfile only a link to a skipped directory leads to: an API error naming both', async () => {
    const { run, contents } = await judge({
      head: { 'vendor/app/package-lock.json': fixture('npm-v3/package-lock.json') },
      links: { app: 'vendor/app' },
    });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain(
      'the lockfile app/package-lock.json is reached only through the link app, which the action does not follow',
    );
    expect(contents).toEqual([]);
  });

  test('a link to a directory the walk reaches anyway: its lockfiles read once, by their own path', async () => {
    const { run, contents } = await judge({
      head: { 'web/package-lock.json': fixture('npm-v3/package-lock.json') },
      links: { 'web-link': 'web', outside: '/tmp' },
    });
    expect(run.outputs.result).not.toBe('error');
    expect(contents.map((c) => c.path)).toEqual([`/repos/${PR.repository}/contents/web/package-lock.json`]);
  });

  test('more than 200 lockfiles: an API error naming the limit, and no copy asked of GitHub', async () => {
    const head = Object.fromEntries(
      Array.from({ length: 201 }, (_, i) => [`svc/${i}/requirements.txt`, 'idna==3.6\n']),
    );
    const { run, contents } = await judge({ head });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain('more than 200 lockfiles');
    expect(contents).toEqual([]);
  });

  test('a lockfile over 64 MiB: an API error naming it', async () => {
    const { run } = await judge({ head: { 'big/requirements.txt': `${'#'.repeat(64 * 1024 * 1024)}\n` } });
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain('the lockfile big/requirements.txt is 67,108,865 bytes, more than the 64 MiB');
  }, 60_000);
});

describe('scale', () => {
  test('50,000 entries over 100 lockfiles: every entry read and asked of OSV once, in 50 querybatch requests', async () => {
    const head: Record<string, string> = {};
    for (let f = 0; f < 100; f++)
      head[`apps/app-${f}/package-lock.json`] = npmLockfile(
        Array.from({ length: 500 }, (_, i) => `pkg-${f}-${i}`),
      ).text;
    const { run, report, querybatches, queries, contents } = await judge({ head });
    expect(contents).toHaveLength(100);
    expect(report.change).toMatchObject({ state: 'read', entries: 50_000 });
    expect(querybatches).toBe(50);
    expect(new Set(queries.map((q) => q.package.name)).size).toBe(50_000);
    expect(run.outputs.result).toBe('pass');
  }, 120_000);
});
