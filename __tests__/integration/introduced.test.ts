// Brought in by the pull request, end to end (contract: "Pull requests and time", "Brought in by the
// pull request"): dist/index.js on pull requests of acme/clean-lib, which has no alert of its own, so
// what a change brings in decides. The rule, one equality of packages and versions, allow-alerts, and
// pr-introduced's modes (known-exploited has a file of its own). What should be found is written out
// by hand from the compares these tests write and the simulator's data, and checked against the
// contract's reading in introduced-fixtures.ts.
import { describe, expect, test } from '@jest/globals';
import { compareEntry, type CompareEntry, type ComparedPackage } from '../../simulator/github.js';
import { KEV_CVES, kevInputs } from '../../simulator/kev.js';
import { BAD_PR_ADVISORIES as A, badPullRequest, type BadPullRequest } from '../../simulator/pull-requests.js';
import type { ScaAlert } from '../../simulator/wire.js';
import {
  advisoryRequests,
  broughtIn,
  cleanLibAlerts,
  findingId,
  findingsOf,
  madeUpGhsa,
  outcome,
  reportedId,
  runOn,
  serve,
  serviceAlert,
  type ReportedFinding,
} from './introduced-fixtures.js';
import { useFakeGitHub, useSimulator, type GateOptions, type Threshold } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const judge = (pr: BadPullRequest, inputs: Record<string, string> = {}, options: GateOptions = {}) =>
  runOn(h, fake.github, pr, inputs, options);

/** The bad pull request with its compare replaced by `changes` (its advisories kept), served. */
function withChanges(changes: CompareEntry[], pr = badPullRequest()): BadPullRequest {
  const changed = { ...pr, changes };
  serve(fake.github, changed);
  return changed;
}

const byId = (findings: ReportedFinding[]) => new Map(findings.map((f) => [reportedId(f), f]));

/** A finding's identity from the words a test writes: advisory, `ecosystem:name@version`. */
const id = (advisory: string, ecosystem: string, name: string, version: string) =>
  findingId(advisory, { ecosystem, name: name.toLowerCase(), version });

// ---------- the rule ----------

const LOG4J: ComparedPackage = { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' };
const npm = (name: string, version: string): ComparedPackage => ({ ecosystem: 'npm', name, version });
/** qs prototype pollution (high), lodash command injection (high), semver ReDoS (moderate): GitHub's ids. */
const QS = 'GHSA-hrpp-h998-j3pp';
const LODASH = 'GHSA-35jh-r3h4-6jhm';
const SEMVER = 'GHSA-c2qf-rxjj-qqgw';
const TAR = madeUpGhsa(1);
const LEFT_PAD = madeUpGhsa(2);

/**
 * One change that exercises every part of the rule, and two alerts of the service: lodash's carries
 * LODASH by its id, semver's carries SEMVER by an alias (its own id is not a GHSA id).
 */
function ruleChange(): { changes: CompareEntry[]; alerts: ScaAlert[] } {
  const qs = npm('qs', '6.7.0');
  const leftPad = npm('left-pad', '1.3.0');
  return {
    changes: [
      compareEntry('added', LOG4J, 'java/pom.xml', [
        { id: A.log4shell, severity: 'critical' },
        { id: A.log4jRecursion, severity: 'high' },
      ]),
      // One finding for the two manifests that add qs 6.7.0; another for 6.5.2.
      compareEntry('added', qs, 'package.json', [{ id: QS, severity: 'high' }]),
      compareEntry('added', qs, 'web/package.json', [{ id: QS, severity: 'high' }]),
      compareEntry('added', npm('qs', '6.5.2'), 'web/package-lock.json', [{ id: QS, severity: 'high' }]),
      compareEntry('added', npm('micromatch', '4.0.5'), 'package-lock.json', [
        { id: A.micromatch, severity: 'moderate' },
      ]),
      // Moved from web/ to the root: not new.
      compareEntry('removed', leftPad, 'web/package.json'),
      compareEntry('added', leftPad, 'package.json', [{ id: LEFT_PAD, severity: 'critical' }]),
      // The lodash alert carries it (GitHub's id in lower case, another version): the alert is judged as itself.
      compareEntry('added', npm('lodash', '4.17.19'), 'package.json', [{ id: LODASH.toLowerCase(), severity: 'high' }]),
      // The same advisory on another package: no alert carries it for lodash-es.
      compareEntry('added', npm('lodash-es', '4.17.20'), 'package.json', [{ id: LODASH, severity: 'high' }]),
      // The semver alert carries it through an alias (GitHub's id upper-cased).
      compareEntry('added', npm('semver', '7.5.1'), 'package-lock.json', [
        { id: SEMVER.toUpperCase(), severity: 'moderate' },
      ]),
      // A word that is none of GitHub's four: unknown.
      compareEntry('added', npm('tar', '6.1.0'), 'package-lock.json', [{ id: TAR, severity: 'severe' }]),
    ],
    alerts: [
      serviceAlert('alert_clean_lodash', LODASH, 'pkg:npm/lodash@4.17.20', 'high'),
      serviceAlert('alert_clean_semver', 'SNYK-JS-SEMVER-3247795', 'pkg:npm/semver@7.5.0', 'medium', {
        aliases: ['CVE-2022-25883', SEMVER],
      }),
    ],
  };
}

/** What ruleChange() brings in, worked out by hand from the contract: identity -> severity and manifests. */
const RULE_FINDINGS: Record<string, { severity: string; manifests: string[] }> = {
  [id(A.log4shell, 'maven', LOG4J.name, '2.14.1')]: { severity: 'critical', manifests: ['java/pom.xml'] },
  [id(A.log4jRecursion, 'maven', LOG4J.name, '2.14.1')]: { severity: 'high', manifests: ['java/pom.xml'] },
  [id(QS, 'npm', 'qs', '6.7.0')]: { severity: 'high', manifests: ['package.json', 'web/package.json'] },
  [id(QS, 'npm', 'qs', '6.5.2')]: { severity: 'high', manifests: ['web/package-lock.json'] },
  [id(A.micromatch, 'npm', 'micromatch', '4.0.5')]: { severity: 'medium', manifests: ['package-lock.json'] },
  [id(LODASH, 'npm', 'lodash-es', '4.17.20')]: { severity: 'high', manifests: ['package.json'] },
  [id(TAR, 'npm', 'tar', '6.1.0')]: { severity: 'unknown', manifests: ['package-lock.json'] },
};

/** Per threshold, the findings and alerts that gate (unknown gates only at low, as for alerts). */
const RULE_THRESHOLDS: { threshold: Threshold; findings: string[]; alerts: string[] }[] = [
  { threshold: 'critical', findings: [id(A.log4shell, 'maven', LOG4J.name, '2.14.1')], alerts: [] },
  {
    threshold: 'high',
    findings: [
      id(A.log4shell, 'maven', LOG4J.name, '2.14.1'),
      id(A.log4jRecursion, 'maven', LOG4J.name, '2.14.1'),
      id(QS, 'npm', 'qs', '6.7.0'),
      id(QS, 'npm', 'qs', '6.5.2'),
      id(LODASH, 'npm', 'lodash-es', '4.17.20'),
    ],
    alerts: ['alert_clean_lodash'],
  },
  {
    threshold: 'medium',
    findings: Object.keys(RULE_FINDINGS).filter((f) => RULE_FINDINGS[f]!.severity !== 'unknown'),
    alerts: ['alert_clean_lodash', 'alert_clean_semver'],
  },
  {
    threshold: 'low',
    findings: Object.keys(RULE_FINDINGS),
    alerts: ['alert_clean_lodash', 'alert_clean_semver'],
  },
  { threshold: 'none', findings: [], alerts: [] },
];

describe('the rule: every vulnerability on an added entry, unless moved or carried by an alert', () => {
  test('the reading in introduced-fixtures.ts gives the findings worked out by hand', () => {
    const { changes, alerts } = ruleChange();
    const read = broughtIn(changes, alerts);
    expect(Object.fromEntries(read.map((f) => [findingId(f.advisory, f.key), f]))).toEqual(
      Object.fromEntries(
        Object.entries(RULE_FINDINGS).map(([key, { severity, manifests }]) => [
          key,
          expect.objectContaining({ severity, manifests }),
        ]),
      ),
    );
  });

  test.each(RULE_THRESHOLDS)(
    'fail-on-severity $threshold: those at or above it gate, the rest are listed; counted; carrying alerts labelled changed',
    async ({ threshold, findings: gating, alerts: gatingAlerts }) => {
      const { changes, alerts } = ruleChange();
      cleanLibAlerts(h.sim.state.alerts).push(...alerts);
      const { run, report } = await judge(withChanges(changes), { 'fail-on-severity': threshold });

      const fails = gating.length + gatingAlerts.length > 0;
      expect(outcome(run)).toEqual({ exitCode: fails ? 1 : 0, result: fails ? 'fail' : 'pass' });
      expect(run.outputs['gating-count']).toBe(String(gating.length + gatingAlerts.length));
      // Every finding is counted, whatever it does to the verdict.
      expect(run.outputs['introduced-count']).toBe(String(Object.keys(RULE_FINDINGS).length));
      // The change was read whole: resolution had it too (and resolves nothing here).
      expect(run.outputs['resolved-count']).toBe('0');

      const reported = byId(findingsOf(report));
      expect(
        Object.fromEntries(
          [...reported].map(([key, f]) => [key, { severity: f.severity, manifests: [...f.manifests].sort() }]),
        ),
      ).toEqual(RULE_FINDINGS);
      expect(
        [...reported]
          .filter(([, f]) => f.disposition.gates)
          .map(([key]) => key)
          .sort(),
      ).toEqual([...gating].sort());
      expect(report.introduced?.mode).toBe('fail');
      // The alerts that carry an advisory the change lists are judged as themselves, labelled changed.
      const judged = new Map(report.alerts.map((a) => [a.id, a]));
      for (const alert of alerts) {
        expect(judged.get(alert.id)).toMatchObject({ changedByPullRequest: true });
        expect({ alert: alert.id, gates: judged.get(alert.id)?.status === 'gating' }).toEqual({
          alert: alert.id,
          gates: gatingAlerts.includes(alert.id),
        });
      }
    },
  );
});

/** A change to left-pad written two ways; `findings` how many it brings in. */
interface Spelling {
  what: string;
  changes: () => CompareEntry[];
  findings: number;
}

const leftPad = (version: string) => npm('left-pad', version);
const critical = [{ id: LEFT_PAD, severity: 'critical' }];
const djangoRest = (name: string, version: string): ComparedPackage => ({ ecosystem: 'pypi', name, version });

const SPELLINGS: Spelling[] = [
  {
    what: 'moved: removed as v1.3.0, added as 1.3.0 (a leading v dropped)',
    changes: () => [
      compareEntry('removed', leftPad('v1.3.0'), 'web/package.json'),
      compareEntry('added', leftPad('1.3.0'), 'package.json', critical),
    ],
    findings: 0,
  },
  {
    what: 'moved: removed as LEFT-PAD, added as left-pad (names compared case-insensitively)',
    changes: () => [
      compareEntry('removed', { ...leftPad('1.3.0'), name: 'LEFT-PAD' }, 'web/package.json'),
      compareEntry('added', leftPad('1.3.0'), 'package.json', critical),
    ],
    findings: 0,
  },
  {
    what: 'not moved: another version removed',
    changes: () => [
      compareEntry('removed', leftPad('1.2.0'), 'web/package.json'),
      compareEntry('added', leftPad('1.3.0'), 'package.json', critical),
    ],
    findings: 1,
  },
];

// Spellings the one equality (packages/identity.ts) reads as the same package and version.
const RESPELLED: Spelling[] = [
  {
    what: 'moved: removed as 1.3.0+build.7, added as 1.3.0 (build metadata dropped)',
    changes: () => [
      compareEntry('removed', leftPad('1.3.0+build.7'), 'web/package.json'),
      compareEntry('added', leftPad('1.3.0'), 'package.json', critical),
    ],
    findings: 0,
  },
  {
    what: 'moved: PyPI removed as 3.2, added as 3.2.0 (PEP 440)',
    changes: () => [
      compareEntry('removed', djangoRest('djangorestframework', '3.2'), 'requirements.txt'),
      compareEntry('added', djangoRest('djangorestframework', '3.2.0'), 'api/requirements.txt', critical),
    ],
    findings: 0,
  },
  {
    what: 'one finding: added as v1.3.0 in one manifest and 1.3.0 in another',
    changes: () => [
      compareEntry('added', leftPad('v1.3.0'), 'web/package.json', critical),
      compareEntry('added', leftPad('1.3.0'), 'package.json', critical),
    ],
    findings: 1,
  },
  {
    what: 'one finding: PyPI added as django_rest_framework and django-rest-framework',
    changes: () => [
      compareEntry('added', djangoRest('django_rest_framework', '3.2.0'), 'requirements.txt', critical),
      compareEntry('added', djangoRest('django-rest-framework', '3.2.0'), 'api/requirements.txt', critical),
    ],
    findings: 1,
  },
];

describe('same package, same version: one equality for moved entries and for one finding per package and version', () => {
  const check = async ({ changes, findings }: Spelling) => {
    const entries = changes();
    // The tests' own reading agrees with the count written by hand.
    expect(broughtIn(entries, [])).toHaveLength(findings);
    const { run, report } = await judge(withChanges(entries), { 'fail-on-severity': 'critical' });
    expect({ introduced: run.outputs['introduced-count'], ...outcome(run) }).toEqual({
      introduced: String(findings),
      exitCode: findings > 0 ? 1 : 0,
      result: findings > 0 ? 'fail' : 'pass',
    });
    const adding = entries.filter((e) => e.change_type === 'added').map((e) => e.manifest);
    if (findings === 1) expect([...(findingsOf(report)[0]?.manifests ?? [])].sort()).toEqual(adding.sort());
  };
  test.each(SPELLINGS)('$what', check);
  test.each(RESPELLED)('$what', check);
});

// ---------- allow-alerts, grace periods, ignore-unreachable ----------

describe('allow-alerts spares a finding by its GHSA id, or one of its CVE ids; nothing else spares it', () => {
  // The bad pull request brings in log4j-core's four advisories and micromatch's; at high, three would gate.
  const inputs = {
    'fail-on-severity': 'high',
    'allow-alerts': [
      `${A.log4shell.toLowerCase()} # the GHSA id, in another case`,
      `${KEV_CVES.log4jIncompleteFix} until 2099-12-31 # one of its CVE ids`,
      `${A.log4jRecursion} until 2020-01-01 # expired`,
    ].join('\n'),
    // Findings have no age and no reachability: neither a grace period nor ignore-unreachable applies.
    'grace-days': 'critical=3650, high=3650, medium=3650, low=3650, unknown=3650',
    'ignore-unreachable': 'true',
  };

  test('known-exploited warn (CVE ids read): the GHSA and the CVE entry spare theirs; the expired one spares nothing', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run, report } = await judge(pr, { ...inputs, ...kevInputs(h.sim.url, 'warn') });

    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    const findings = findingsOf(report);
    const status = Object.fromEntries(findings.map((f) => [f.advisory, f.status]));
    expect(status).toEqual({
      [A.log4shell]: 'allowed',
      [A.log4jIncompleteFix]: 'allowed',
      [A.log4jRecursion]: 'gating',
      [A.log4jJdbcAppender]: 'below-threshold',
      [A.micromatch]: 'below-threshold',
    });
    const allowedBy = Object.fromEntries(findings.map((f) => [f.advisory, f.allowedBy?.id ?? null]));
    expect(allowedBy).toMatchObject({
      [A.log4shell]: A.log4shell.toLowerCase(),
      [A.log4jIncompleteFix]: KEV_CVES.log4jIncompleteFix,
      [A.log4jRecursion]: null,
    });
    expect({
      gating: run.outputs['gating-count'],
      allowed: run.outputs['allowed-count'],
      introduced: run.outputs['introduced-count'],
      // Both log4j criticals are listed in the catalog, allowed or not.
      knownExploited: run.outputs['known-exploited-count'],
    }).toEqual({ gating: '1', allowed: '2', introduced: '5', knownExploited: '2' });
    // The expired entry is said to be expired.
    expect(run.warnings.filter((w) => w.includes(A.log4jRecursion) && /expired/i.test(w))).not.toEqual([]);
  });

  test('known-exploited off: an entry names a CVE id, so the CVE ids are read and the CVE entry spares its finding', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run, report } = await judge(pr, inputs);

    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    expect(Object.fromEntries(findingsOf(report).map((f) => [f.advisory, { status: f.status, cves: f.cves }]))).toEqual(
      {
        [A.log4shell]: { status: 'allowed', cves: [KEV_CVES.log4shell] },
        [A.log4jIncompleteFix]: { status: 'allowed', cves: [KEV_CVES.log4jIncompleteFix] },
        [A.log4jRecursion]: { status: 'gating', cves: ['CVE-2021-45105'] },
        [A.log4jJdbcAppender]: { status: 'below-threshold', cves: ['CVE-2021-44832'] },
        [A.micromatch]: { status: 'below-threshold', cves: ['CVE-2024-4067'] },
      },
    );
    expect({ gating: run.outputs['gating-count'], allowed: run.outputs['allowed-count'] }).toEqual({
      gating: '1',
      allowed: '2',
    });
    expect(advisoryRequests(fake.github)).toHaveLength(1);
  });
});

// ---------- pr-introduced ----------

describe('pr-introduced', () => {
  test('warn: listed, warning annotations on each manifest, the verdict unchanged, nothing counted as gating', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run, report } = await judge(pr, { 'pr-introduced': 'warn' });

    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass' });
    expect({ gating: run.outputs['gating-count'], introduced: run.outputs['introduced-count'] }).toEqual({
      gating: '0',
      introduced: '5',
    });
    expect(report.introduced?.mode).toBe('warn');
    // Under fail, the two critical log4j-core advisories would gate (the default threshold): flagged.
    expect(
      Object.fromEntries(
        findingsOf(report).map((f) => [f.advisory, { gates: f.disposition.gates, flagged: f.disposition.flagged }]),
      ),
    ).toEqual({
      [A.log4shell]: { gates: false, flagged: true },
      [A.log4jIncompleteFix]: { gates: false, flagged: true },
      [A.log4jRecursion]: { gates: false, flagged: false },
      [A.log4jJdbcAppender]: { gates: false, flagged: false },
      [A.micromatch]: { gates: false, flagged: false },
    });
    const placed = (command: string) =>
      run.commands
        .filter((c) => c.command === command && c.properties.file !== undefined)
        .map((c) => `${c.properties.file} ${/GHSA-[\w-]+/.exec(`${c.properties.title} ${c.message}`)?.[0]}`)
        .sort();
    // One warning per finding and manifest that adds it, from the compare.
    expect(placed('warning')).toEqual(
      pr.changes.flatMap((c) => c.vulnerabilities.map((v) => `${c.manifest} ${v.advisory_ghsa_id}`)).sort(),
    );
    expect(placed('error')).toEqual([]);
  });

  test('off: no introduced view, introduced-count empty, no advisory read even under known-exploited fail', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run, report } = await judge(pr, { 'pr-introduced': 'off', ...kevInputs(h.sim.url, 'fail') });

    expect(outcome(run)).toEqual({ exitCode: 0, result: 'pass' });
    expect(report.introduced).toBeNull();
    expect(run.outputs['introduced-count']).toBe('');
    expect(advisoryRequests(fake.github)).toEqual([]);
    // The change is still read, for what it resolves.
    expect(run.outputs['resolved-count']).toBe('0');
  });
});
