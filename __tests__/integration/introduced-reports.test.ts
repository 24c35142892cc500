// What a pull request brings in, in the license policy and in every report, end to end (contract:
// "Brought in by the pull request", "License policy", "Reports", "Outputs"): dist/index.js on the
// demo's bad pull request on acme/clean-lib (simulator/pull-requests.ts), its head's manifests in the
// workspace. Where annotations and SARIF results should land is read from those manifests here.
import { describe, expect, test } from '@jest/globals';
import type { Log } from 'sarif';
import { DENIED_LICENSES } from '../../simulator/data.js';
import { compareEntry, type CompareEntry } from '../../simulator/github.js';
import { kevInputs } from '../../simulator/kev.js';
import {
  BAD_PR_ADVISORIES as A,
  BAD_PR_LICENSE,
  badPullRequest,
  type BadPullRequest,
} from '../../simulator/pull-requests.js';
import { CATALOG } from './kev-fixtures.js';
import {
  cleanLibAlerts,
  cvesOf,
  findingsOf,
  introducedReportOf,
  outcome,
  REPORT,
  runOn,
  SARIF,
  serve,
  serviceAlert,
} from './introduced-fixtures.js';
import { plain, useFakeGitHub, useSimulator, type GateOptions, type GateRun } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

async function judge(pr: BadPullRequest, inputs: Record<string, string> = {}, options: GateOptions = {}) {
  serve(fake.github, pr);
  return runOn(h, fake.github, pr, inputs, options);
}

const npm = (name: string, version: string) => ({ ecosystem: 'npm', name, version });

// ---------- licenses of what the pull request adds ----------

/**
 * The bad pull request (ffmpeg-static GPL-3.0-only; fast-glob, micromatch MIT; log4j-core Apache-2.0),
 * plus: tslib 2.6.2 that GitHub calls GPL-3.0-only but the service lists as 0BSD (acme/clean-lib has
 * it); a GPL package moved from old/; three packages whose license GitHub does not know.
 */
function licensedPullRequest(): BadPullRequest {
  const pr = badPullRequest();
  const gpl = npm('gpl-moved', '1.0.0');
  pr.changes.push(
    compareEntry('added', npm('tslib', '2.6.2'), 'web/package.json', [], { license: 'GPL-3.0-only' }),
    compareEntry('removed', gpl, 'old/package.json', [], { license: 'GPL-3.0-only' }),
    compareEntry('added', gpl, 'package.json', [], { license: 'GPL-3.0-only' }),
    compareEntry('added', npm('left-pad', '1.3.0'), 'package.json', [], { license: null }),
    compareEntry('added', npm('is-odd', '3.0.1'), 'package.json', [], { license: 'NOASSERTION' }),
    compareEntry('added', npm('is-even', '1.0.0'), 'package.json', [], { license: '' }),
  );
  return pr;
}

const GPL = `${BAD_PR_LICENSE.name}@${BAD_PR_LICENSE.version}`;
const UNKNOWN = ['is-even@1.0.0', 'is-odd@3.0.1', 'left-pad@1.3.0'];
// Vulnerabilities never gate these runs (fail-on-severity none): the licenses alone decide.
const licensePolicy = { 'deny-licenses': DENIED_LICENSES.join(', '), 'fail-on-severity': 'none' };

/** The license findings of what the pull request brings in, by package: status and whether it gates. */
const broughtInLicenses = (run: GateRun) =>
  Object.fromEntries(
    (introducedReportOf(run).licenses?.findings ?? [])
      .filter((f) => f.introduced)
      .map((f) => [f.package, { status: f.status, gates: f.gates }]),
  );

describe('licenses of the packages a pull request adds, under deny-licenses', () => {
  test('GPL-3.0-only brought in fails; the license the service lists wins; moved is not new; no license is unknown', async () => {
    const { run } = await judge(licensedPullRequest(), licensePolicy);

    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    expect(run.outputs['license-violations']).toBe('1');
    expect(broughtInLicenses(run)).toEqual({
      [GPL]: { status: 'violation', gates: true },
      ...Object.fromEntries(UNKNOWN.map((p) => [p, { status: 'unknown', gates: false }])),
    });
    // The license table says where it comes from.
    const row = plain(run.summary)
      .split('\n')
      .find((line) => line.startsWith('|') && line.includes(GPL));
    expect(row).toMatch(/brought in by this pull request/);
    // unknown-licenses warn: the packages without a known license are named in a warning.
    const warned = run.warnings.find((w) => UNKNOWN.every((p) => w.includes(p)));
    expect(warned).toBeDefined();
    // The failure message (the error without a file) names the violation.
    const failure = run.commands.filter((c) => c.command === 'error' && c.properties.file === undefined);
    expect(failure.some((c) => c.message.includes(GPL))).toBe(true);
  });

  test('unknown-licenses fail and license-exceptions: the unknown ones fail, the excepted one is skipped', async () => {
    const { run } = await judge(licensedPullRequest(), {
      ...licensePolicy,
      'unknown-licenses': 'fail',
      'license-exceptions': BAD_PR_LICENSE.name,
    });
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    expect(run.outputs['license-violations']).toBe(String(UNKNOWN.length));
    expect(broughtInLicenses(run)).toEqual(
      Object.fromEntries(UNKNOWN.map((p) => [p, { status: 'unknown', gates: true }])),
    );
  });

  test('pr-introduced warn: the GPL package is listed, not failing', async () => {
    const { run } = await judge(licensedPullRequest(), { ...licensePolicy, 'pr-introduced': 'warn' });
    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass' });
    expect(broughtInLicenses(run)[GPL]).toEqual({ status: 'violation', gates: false });
    expect(plain(run.summary)).toContain(GPL);
  });
});

// ---------- the reports ----------

const GHE = 'https://ghe.example.com';
/** The line a manifest names a package on first, as a reader finds it: 1-based; none when it does not. */
function lineNaming(text: string | undefined, name: string): number | null {
  const index = text?.split('\n').findIndex((line) => line.includes(name)) ?? -1;
  return index === -1 ? null : index + 1;
}

/**
 * The bad pull request judged at high with every report on, on GitHub Enterprise: Log4Shell and its
 * incomplete fix gate (critical, both in CISA's catalog), the recursion advisory (high) is allowed,
 * log4j-core's JDBC appender and micromatch (moderate) are listed. The service's one alert has
 * Log4Shell's advisory on another package (log4j-api): the finding stays, and shares its SARIF rule.
 * The workspace has the head's manifests but package-lock.json.
 */
async function reportsRun() {
  const pr = badPullRequest();
  cleanLibAlerts(h.sim.state.alerts).push(
    serviceAlert(
      'alert_clean_log4j_api',
      A.log4shell,
      'pkg:maven/org.apache.logging.log4j/log4j-api@2.14.1',
      'critical',
    ),
  );
  const files = { ...pr.files };
  delete files['package-lock.json'];
  const { run, report } = await judge(
    pr,
    {
      ...kevInputs(h.sim.url, 'fail'),
      'fail-on-severity': 'high',
      'allow-alerts': `${A.log4jRecursion} # fixed in the next release`,
      'deny-licenses': DENIED_LICENSES.join(', '),
      'sarif-file': SARIF,
      'comment-on-pr': 'always',
    },
    { files, env: { GITHUB_SERVER_URL: GHE } },
  );
  return { pr, files, run, report };
}

/** Where each finding should be: its manifest, at the first line that names the package, else line 1. */
function expectedPlaces(pr: BadPullRequest, files: Record<string, string>, advisories: string[]): string[] {
  return pr.changes
    .flatMap((c) =>
      c.vulnerabilities
        .filter((v) => advisories.includes(v.advisory_ghsa_id))
        .map((v) => {
          const artifact = c.name.slice(c.name.lastIndexOf(':') + 1);
          return `${v.advisory_ghsa_id} ${c.manifest}:${lineNaming(files[c.manifest], artifact) ?? 1}`;
        }),
    )
    .sort();
}

const GATING: string[] = [A.log4shell, A.log4jIncompleteFix];
const LISTED: string[] = [A.log4jJdbcAppender, A.micromatch];

/** A finding's entry in the bad pull request's compare. */
function entryOf(pr: BadPullRequest, advisory: string): CompareEntry {
  const entry = pr.changes.find((c) => c.vulnerabilities.some((v) => v.advisory_ghsa_id === advisory));
  if (!entry) throw new Error(`no entry lists ${advisory}`);
  return entry;
}

describe('the reports list what the pull request brings in', () => {
  test('outputs, the failure message, the summary and the PR comment, annotations, SARIF and the JSON report', async () => {
    const { pr, files, run, report } = await reportsRun();

    // Outputs: the alert and two findings gate; the allowed finding is counted as allowed and brought in.
    expect({
      ...outcome(run),
      gating: run.outputs['gating-count'],
      allowed: run.outputs['allowed-count'],
      introduced: run.outputs['introduced-count'],
      knownExploited: run.outputs['known-exploited-count'],
      licenses: run.outputs['license-violations'],
      sarif: run.outputs['sarif-file'],
      report: run.outputs['report-file'],
    }).toEqual({
      exitCode: 1,
      result: 'fail',
      gating: '3',
      allowed: '1',
      introduced: '5',
      knownExploited: '2',
      licenses: '1',
      sarif: SARIF,
      report: REPORT,
    });

    // The failure message (the error without a file) names the gating findings.
    const failure = run.commands.filter((c) => c.command === 'error' && c.properties.file === undefined);
    for (const advisory of GATING) expect(failure.some((c) => c.message.includes(advisory))).toBe(true);

    // The summary and the comment: the findings are the first rows after the verdict that name an advisory.
    expect(fake.github.comments).toHaveLength(1);
    for (const [where, page] of [
      ['summary', plain(run.summary)],
      ['comment', plain(fake.github.comments[0]!.body)],
    ] as const) {
      const rows = page.split('\n').filter((line) => line.startsWith('|') && /GHSA-/.test(line));
      const rowOf = (advisory: string) => {
        const { name, version } = entryOf(pr, advisory);
        return rows.findIndex((r) => r.includes(advisory) && r.includes(`${name}@${version}`));
      };
      const findingRows = [...GATING, ...LISTED].map(rowOf);
      expect({ where, missing: findingRows.filter((i) => i === -1).length }).toEqual({ where, missing: 0 });
      expect({ where, first: Math.min(...findingRows) }).toEqual({ where, first: 0 });
      const alertRow = rows.findIndex((r) => r.includes('log4j-api'));
      expect({ where, findingsBeforeTheAlert: Math.max(...findingRows) < alertRow }).toEqual({
        where,
        findingsBeforeTheAlert: true,
      });
      for (const advisory of [...GATING, ...LISTED]) {
        const entry = entryOf(pr, advisory);
        const row = rows[rowOf(advisory)]!;
        const severity = entry.vulnerabilities.find((v) => v.advisory_ghsa_id === advisory)!.severity;
        expect({ where, advisory, row }).toEqual({
          where,
          advisory,
          row: expect.stringMatching(new RegExp(severity === 'moderate' ? 'medium' : severity, 'i')),
        });
        expect(row).toContain(`(${GHE}/advisories/${advisory})`);
        expect(row).toContain(entry.manifest);
        expect(row).toContain(entry.scope!);
        const listed = cvesOf(pr, advisory).find((c) => CATALOG.has(c));
        if (listed) expect(row).toMatch(new RegExp(`KEV.*${CATALOG.get(listed)!.dateAdded}`));
        else expect(row).not.toContain('KEV');
      }
    }

    // Annotations, on the workspace's manifest at the first line naming the package (line 1 when the
    // workspace has no such file): errors for the gating findings, warnings for the others, allowed included.
    const placed = (command: string) =>
      run.commands
        .filter((c) => c.command === command && c.properties.file !== undefined)
        .flatMap((c) => {
          const advisory = /GHSA-[\w-]+/.exec(c.properties.title ?? '')?.[0];
          const finding = advisory && /brought in by this pull request/.test(c.properties.title ?? '');
          return finding ? [`${advisory} ${c.properties.file}:${c.properties.line}`] : [];
        })
        .sort();
    expect(placed('error')).toEqual(expectedPlaces(pr, files, GATING));
    expect(placed('warning')).toEqual(expectedPlaces(pr, files, [A.log4jRecursion, ...LISTED]));
    expect(files['package-lock.json']).toBeUndefined();
    // The license violation brought in, at the line of package.json that names it.
    const license = run.commands.find(
      (c) => c.command === 'error' && c.properties.file !== undefined && c.properties.title?.includes(GPL),
    );
    expect(license?.properties).toMatchObject({
      file: 'package.json',
      line: String(lineNaming(files['package.json'], `"${BAD_PR_LICENSE.name}"`)),
    });

    // SARIF: a result per finding not allowed, tagged introduced (and kev when listed), at its manifest line.
    const sarif = JSON.parse(run.files[SARIF]!) as Log;
    const sarifRun = sarif.runs[0]!;
    const ruleIds = (sarifRun.tool.driver.rules ?? []).map((r) => r.id);
    expect(ruleIds.length).toBe(new Set(ruleIds).size);
    expect(ruleIds).toContain(A.log4shell);
    const introduced = (sarifRun.results ?? []).filter((r) => r.properties?.tags?.includes('introduced'));
    expect(
      introduced
        .map((r) => {
          const location = r.locations?.[0]?.physicalLocation;
          return `${r.ruleId} ${location?.artifactLocation?.uri}:${location?.region?.startLine}`;
        })
        .sort(),
    ).toEqual(expectedPlaces(pr, files, [...GATING, ...LISTED]));
    expect(
      Object.fromEntries(
        introduced.map((r) => [r.ruleId, { level: r.level, kev: r.properties?.tags?.includes('kev') ?? false }]),
      ),
    ).toEqual({
      [A.log4shell]: { level: 'error', kev: true },
      [A.log4jIncompleteFix]: { level: 'error', kev: true },
      [A.log4jJdbcAppender]: { level: 'warning', kev: false },
      [A.micromatch]: { level: 'warning', kev: false },
    });
    // The alert of the same advisory is a result of its own under the one rule.
    const alertResults = (sarifRun.results ?? []).filter(
      (r) => r.ruleId === A.log4shell && !r.properties?.tags?.includes('introduced'),
    );
    expect(alertResults).toHaveLength(1);

    // The JSON report's introduced list.
    expect(report.introduced?.mode).toBe('fail');
    const findings = Object.fromEntries(findingsOf(report).map((f) => [f.advisory, f]));
    expect(Object.keys(findings).sort()).toEqual(
      Object.keys(A)
        .map((k) => A[k as keyof typeof A])
        .sort(),
    );
    for (const [advisory, f] of Object.entries(findings)) {
      const entry = entryOf(pr, advisory);
      const listed = cvesOf(pr, advisory).find((c) => CATALOG.has(c)) ?? null;
      expect(f).toMatchObject({
        advisory,
        cves: cvesOf(pr, advisory),
        name: entry.name,
        version: entry.version,
        packageUrl: entry.package_url,
        manifests: [entry.manifest],
        scope: entry.scope,
        url: `${GHE}/advisories/${advisory}`,
        status: GATING.includes(advisory) ? 'gating' : advisory === A.log4jRecursion ? 'allowed' : 'below-threshold',
        disposition: expect.objectContaining({ gates: GATING.includes(advisory) }),
        knownExploited: listed === null ? null : expect.objectContaining({ cve: listed }),
      });
    }
    expect(findings[A.log4jRecursion]?.allowedBy).toMatchObject({ id: A.log4jRecursion });
  });
});

/** npm's lockfile (v2 and v3) names a package it installs by its path: `node_modules/<name>`. */
const LOCKFILE = `{
  "name": "@acme/clean-lib",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {
    "node_modules/micromatch": {
      "version": "4.0.5",
      "resolved": "https://registry.npmjs.org/micromatch/-/micromatch-4.0.5.tgz",
      "dev": true,
      "license": "MIT"
    }
  }
}
`;

describe('the manifest line that names the package', () => {
  // npm's lockfile names a package by its path: "node_modules/micromatch" names micromatch.
  test('a lockfile that names it only by its node_modules path: the annotation is on that line', async () => {
    const pr = badPullRequest();
    const { run } = await judge(
      { ...pr, changes: pr.changes.filter((c) => c.name === 'micromatch') },
      {},
      { files: { 'package-lock.json': LOCKFILE } },
    );
    const warning = run.commands.find((c) => c.command === 'warning' && c.properties.title?.includes(A.micromatch));
    expect(warning?.properties).toMatchObject({
      file: 'package-lock.json',
      line: String(lineNaming(LOCKFILE, '"node_modules/micromatch"')),
    });
  });
});
