// A property of what a pull request brings in, end to end (contract: "The change, read whole", "Fail
// closed", "Brought in by the pull request"): over random pull requests on acme/clean-lib, their
// compares split into random pages, with random alerts of the service carrying some of the advisories
// and random failures (a page, a 403, GitHub's advisories), dist/index.js never passes with a page
// missing, and what it brings in and what gates are what the contract's words give, worked out from
// the compare each round writes (introduced-fixtures.ts), never from src/.
import { describe, expect, test } from '@jest/globals';
import { defaultData, type ExpectedSeverity } from '../../simulator/data.js';
import {
  advisoryRecord,
  compareEntry,
  type CompareEntry,
  type ComparedPackage,
  type GlobalAdvisory,
} from '../../simulator/github.js';
import { KEV_CVES, kevInputs } from '../../simulator/kev.js';
import { badPullRequest, type BadPullRequest } from '../../simulator/pull-requests.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { prng } from './change-fixtures.js';
import { CATALOG } from './kev-fixtures.js';
import {
  broughtIn,
  cleanLibAlerts,
  findingId,
  findingsOf,
  gatingBySeverity,
  madeUpGhsa,
  reportedId,
  runOn,
  serve,
  serviceAlert,
  type ExpectedFinding,
} from './introduced-fixtures.js';
import { gates, useFakeGitHub, useSimulator, type Threshold } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const judge = (pr: BadPullRequest, inputs: Record<string, string> = {}) => runOn(h, fake.github, pr, inputs);

// The default threshold most often, as in real use.
const THRESHOLDS: Threshold[] = ['critical', 'critical', 'high', 'medium', 'low'];
type Fault = 'none' | 'page-500' | 'page-garbage' | 'page1-403' | 'advisories-500';
/** Every other round a failure, each kind in turn. */
const FAULTS: Fault[] = ['page-500', 'advisories-500', 'page-garbage', 'page1-403'];
const faultOf = (round: number): Fault => (round % 2 === 1 ? FAULTS[Math.floor(round / 2) % FAULTS.length]! : 'none');

const POOL: { pkg: Omit<ComparedPackage, 'version'>; manifests: string[] }[] = [
  { pkg: { ecosystem: 'npm', name: 'qs' }, manifests: ['package.json', 'web/package.json'] },
  { pkg: { ecosystem: 'npm', name: 'minimist' }, manifests: ['package-lock.json', 'web/package.json'] },
  { pkg: { ecosystem: 'npm', name: '@acme/widgets' }, manifests: ['package.json'] },
  { pkg: { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core' }, manifests: ['java/pom.xml'] },
  {
    pkg: { ecosystem: 'maven', name: 'com.fasterxml.jackson.core:jackson-databind' },
    manifests: ['java/pom.xml', 'java/legacy/pom.xml'],
  },
];
const VERSIONS = ['1.0.0', '1.1.0', '2.0.0'];

/** Advisories with GitHub's word for each; two of them name a CVE CISA lists. */
const ADVISORY_POOL: { id: string; word: string; cve: string }[] = [
  { id: madeUpGhsa(100), word: 'critical', cve: 'CVE-2099-10100' },
  { id: madeUpGhsa(101), word: 'high', cve: 'CVE-2099-10101' },
  { id: madeUpGhsa(102), word: 'moderate', cve: 'CVE-2099-10102' },
  { id: madeUpGhsa(103), word: 'low', cve: KEV_CVES.struts },
  { id: madeUpGhsa(104), word: 'moderate', cve: KEV_CVES.panOs },
  { id: madeUpGhsa(105), word: 'unknown', cve: 'CVE-2099-10105' },
];
/** The service's words for its alerts' severity, each its own severity (contract: "Severity"). */
const ALERT_WORDS: readonly ExpectedSeverity[] = ['critical', 'high', 'medium', 'low', 'low', 'low'];

/**
 * GitHub's compare is the difference of two sets of dependencies: it lists a package and version added
 * to (or removed from) a manifest once. Drawn at random, the same entry can come twice; a page of
 * nothing but entries already sent is a compare that does not move (contract: "Verdict integrity").
 */
function onceEach(changes: CompareEntry[]): CompareEntry[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const key = [c.change_type, c.manifest, c.ecosystem, c.name, c.version].join('\n');
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** One random pull request on acme/clean-lib: its compare, the alerts the service holds, the policy and paging. */
function randomPullRequest(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const changes: CompareEntry[] = [];
  for (let n = 1 + Math.floor(random() * 10); n > 0; n--) {
    const { pkg, manifests } = pick(POOL);
    const version = pick(VERSIONS);
    if (chance(0.25)) {
      changes.push(compareEntry('removed', { ...pkg, version }, pick(manifests)));
      continue;
    }
    const advisories = ADVISORY_POOL.filter(() => chance(0.12)).map((a) => ({ id: a.id, severity: a.word }));
    changes.push(compareEntry('added', { ...pkg, version }, pick(manifests), advisories));
    // Moved: the same package and version removed elsewhere, its name or version spelled another way.
    if (chance(0.2)) {
      const name = chance(0.5) ? pkg.name.toUpperCase() : pkg.name;
      changes.push(
        compareEntry('removed', { ...pkg, name, version: chance(0.5) ? `v${version}` : version }, 'old/manifest'),
      );
    }
  }
  const compare = onceEach(changes);
  // Alerts of the service, some carrying an advisory the change lists (by id or alias, any case).
  const alerts: ScaAlert[] = [];
  const vulnerable = compare.filter((c) => c.change_type === 'added' && c.vulnerabilities.length > 0);
  for (let n = Math.floor(random() * 4); n > 0; n--) {
    // Mostly one of the packages the change adds, with an advisory GitHub lists on it (any version).
    const target = vulnerable.length > 0 && chance(0.7) ? pick(vulnerable) : null;
    const { pkg } = (target && POOL.find((p) => p.pkg.name === target.name)) || pick(POOL);
    const advisory = target ? pick(target.vulnerabilities).advisory_ghsa_id : pick(ADVISORY_POOL).id;
    const written = chance(0.5) ? advisory.toLowerCase() : advisory;
    const path = pkg.ecosystem === 'maven' ? pkg.name.replace(':', '/') : pkg.name.replace(/^@/, '%40');
    const identifier = chance(0.8) ? `pkg:${pkg.ecosystem}/${path}@${pick(VERSIONS)}` : `${pkg.name}@${pick(VERSIONS)}`;
    const byAlias = chance(0.4);
    alerts.push(
      serviceAlert(
        `alert_random_${alerts.length}`,
        byAlias ? `SNYK-${alerts.length}` : written,
        identifier,
        pick(ALERT_WORDS),
        {
          aliases: byAlias ? [written] : [],
          alerted: chance(0.9),
        },
      ),
    );
  }
  return {
    changes: compare,
    alerts,
    threshold: pick(THRESHOLDS),
    kev: chance(0.5) ? ('fail' as const) : ('off' as const),
    pageSize: 1 + Math.floor(random() * 4),
    failingPage: random(),
  };
}

/** What the contract says of a round: the findings, those that gate, and the run's outcome. */
function contractOf(round: ReturnType<typeof randomPullRequest>, fault: Fault) {
  const { changes, alerts, threshold, kev } = round;
  const alertsGating = alerts.filter((a) => a.isAlerted && gates(a.metadata.severity as ExpectedSeverity, threshold));
  const read = fault === 'none' || fault === 'advisories-500';
  const findings = read ? broughtIn(changes, alerts) : [];
  // CVE ids are read under known-exploited fail; a read that failed tells none.
  const cvesKnown = kev === 'fail' && fault !== 'advisories-500';
  const listed = (f: ExpectedFinding) =>
    cvesKnown && CATALOG.has(ADVISORY_POOL.find((a) => a.id.toLowerCase() === f.advisory.toLowerCase())!.cve);
  const bySeverity = new Set(gatingBySeverity(findings, threshold));
  const gating = findings.filter((f) => bySeverity.has(f) || listed(f));
  const failing = alertsGating.length + gating.length > 0;
  // A read that decides and failed: the compare (not 403/404), or an advisory under known-exploited fail.
  const apiError =
    fault === 'page-500' ||
    fault === 'page-garbage' ||
    (fault === 'advisories-500' && kev === 'fail' && findings.length > 0);
  return {
    findings,
    gating,
    outputs: {
      result: failing ? 'fail' : apiError ? 'error' : 'pass',
      exitCode: failing || apiError ? 1 : 0,
      'gating-count': String(alertsGating.length + gating.length),
      'introduced-count': read ? String(findings.length) : '',
      'resolved-count': read ? '0' : '',
    },
  };
}

describe('property: random pull requests, paged, through dist/', () => {
  test('never a pass with a page missing; the findings, and those that gate, as the contract says', async () => {
    const random = prng(0x1_2_7e57);
    const problems: string[] = [];
    for (let i = 0; i < 15; i++) {
      h.sim.reset();
      fake.github.reset();
      h.sim.state = defaultData();
      const round = randomPullRequest(random);
      const fault = faultOf(i);
      // An advisory read that fails matters only when one is read: such a round brings in one at least.
      if (fault === 'advisories-500' && broughtIn(round.changes, round.alerts).length === 0) {
        const { id, word } = ADVISORY_POOL[2]!;
        const minimist = { ecosystem: 'npm', name: 'minimist', version: '3.0.0' };
        round.changes.push(compareEntry('added', minimist, 'package.json', [{ id, severity: word }]));
      }
      const pr = { ...badPullRequest(), changes: round.changes, advisories: new Map<string, GlobalAdvisory>() };
      for (const a of ADVISORY_POOL)
        pr.advisories.set(a.id, advisoryRecord(a.id, { cve: a.cve, severity: 'unknown', summary: a.id }));
      serve(fake.github, pr);
      cleanLibAlerts(h.sim.state.alerts).push(...round.alerts);
      fake.github.comparePageSize = round.pageSize;
      const pages = Math.max(1, Math.ceil(round.changes.length / round.pageSize));
      const failingPage = 1 + Math.floor(round.failingPage * pages);
      if (fault === 'page-500') fake.github.failComparePage = { page: failingPage, status: 500 };
      if (fault === 'page-garbage') fake.github.failComparePage = { page: failingPage, status: 'garbage' };
      if (fault === 'page1-403') fake.github.failComparePage = { page: 1, status: 403 };
      if (fault === 'advisories-500') fake.github.failRoute.graphql = 500;
      // The advisories' failure means something only when they are read.
      const kev = fault === 'advisories-500' ? 'fail' : round.kev;
      const { run, report } = await judge(pr, {
        'fail-on-severity': round.threshold,
        ...(kev === 'fail' ? kevInputs(h.sim.url, 'fail') : {}),
      });

      const want = contractOf({ ...round, kev }, fault);
      const where = `round ${i} (${round.threshold}, kev ${kev}, ${fault}, ${round.changes.length} entries, ${round.pageSize} a page, ${round.alerts.length} alerts)`;
      const got = {
        result: run.outputs.result,
        exitCode: run.exitCode,
        'gating-count': run.outputs['gating-count'],
        'introduced-count': run.outputs['introduced-count'],
        'resolved-count': run.outputs['resolved-count'],
      };
      if (JSON.stringify(got) !== JSON.stringify(want.outputs))
        problems.push(`${where}: outputs ${JSON.stringify(got)}, expected ${JSON.stringify(want.outputs)}`);
      if ((fault === 'page-500' || fault === 'page-garbage') && run.outputs.result === 'pass')
        problems.push(`${where}: passed with page ${failingPage} missing`);
      const reported = findingsOf(report);
      const ids = (list: string[]) => JSON.stringify([...list].sort());
      const wantIds = want.findings.map((f) => findingId(f.advisory, f.key));
      if (ids(reported.map(reportedId)) !== ids(wantIds))
        problems.push(`${where}: findings ${ids(reported.map(reportedId))}, expected ${ids(wantIds)}`);
      const gatingIds = reported.filter((f) => f.disposition.gates).map(reportedId);
      const wantGating = want.gating.map((f) => findingId(f.advisory, f.key));
      if (ids(gatingIds) !== ids(wantGating))
        problems.push(`${where}: gating ${ids(gatingIds)}, expected ${ids(wantGating)}`);
      for (const f of want.findings) {
        const mine = reported.find((r) => reportedId(r) === findingId(f.advisory, f.key));
        if (mine && ids(mine.manifests) !== ids(f.manifests))
          problems.push(
            `${where}: ${findingId(f.advisory, f.key)} in ${ids(mine.manifests)}, expected ${ids(f.manifests)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
