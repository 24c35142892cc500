// The change, read whole, end to end (contract: "The change, read whole", "Fail closed", "Brought in by
// the pull request"): dist/index.js follows GitHub's Link headers to the last page; a page that cannot
// be read means the change was not read, never that it ended there; a next link on another origin is
// not followed. What each failure does to the verdict is the contract's; introduced-property.test.ts
// tries random pages and failures.
import { describe, expect, test } from '@jest/globals';
import { fixPullRequestChanges } from '../../simulator/data.js';
import { compareEntry } from '../../simulator/github.js';
import { BAD_PR_ADVISORIES as A, badPullRequest, type BadPullRequest } from '../../simulator/pull-requests.js';
import { compareKey, pullRequestEvent, REPORT as PR_REPORT, reportOf } from './change-fixtures.js';
import {
  compareRequests,
  findingsOf,
  GITHUB_TOKEN,
  introducedReportOf,
  outcome,
  pageAsked,
  runOn,
  serve,
} from './introduced-fixtures.js';
import { expected, useFakeGitHub, useSimulator, webshopAlerts } from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();
/** Another GitHub, on another origin: a next link there must not be followed. */
const elsewhere = useFakeGitHub();

const judge = (pr: BadPullRequest, inputs: Record<string, string> = {}) => runOn(h, fake.github, pr, inputs);

/** Packages the change adds with nothing known against them, to fill pages. */
const fillers = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    compareEntry('added', { ecosystem: 'npm', name: `filler-${i}`, version: '1.0.0' }, 'package.json', [], {
      license: 'MIT',
    }),
  );

/** log4j-core 2.14.1 with its four advisories (two critical): the findings, last in the compare. */
const log4shell = () => badPullRequest().changes.filter((c) => c.name.endsWith(':log4j-core'));

/** The bad pull request's compare as four fillers and then log4j-core: with two entries a page, it is on page 3. */
function pagedPullRequest(pageSize: number): BadPullRequest {
  const pr = { ...badPullRequest(), changes: [...fillers(4), ...log4shell()] };
  serve(fake.github, pr);
  fake.github.comparePageSize = pageSize;
  return pr;
}

/** The compare pages asked for, in order. */
const pagesAsked = () => compareRequests(fake.github).map((r) => pageAsked(r.query));

describe('every page is read', () => {
  test.each([
    { pageSize: 2, pages: 3 },
    { pageSize: 1, pages: 5 },
  ])(
    '$pageSize entries a page: all $pages pages asked for once, following the links; the findings on the last one gate',
    async ({ pageSize, pages }) => {
      const pr = pagedPullRequest(pageSize);
      const { run, report } = await judge(pr);

      expect(pagesAsked()).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
      // Later pages as GitHub's links give them (its page size carried over), with github-token.
      for (const r of compareRequests(fake.github).slice(1))
        expect(new URLSearchParams(r.query).get('per_page')).toBe(String(pageSize));
      expect(new Set(compareRequests(fake.github).map((r) => r.authorization))).toEqual(
        new Set([`Bearer ${GITHUB_TOKEN}`]),
      );
      expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
      // Log4j-core's four advisories; the two critical ones gate (the default threshold).
      expect({
        introduced: run.outputs['introduced-count'],
        gating: run.outputs['gating-count'],
        resolved: run.outputs['resolved-count'],
      }).toEqual({ introduced: '4', gating: '2', resolved: '0' });
      expect(report.change?.state).toBe('read');
      expect(
        findingsOf(report)
          .filter((f) => f.disposition.gates)
          .map((f) => f.advisory)
          .sort(),
      ).toEqual([A.log4jIncompleteFix, A.log4shell].sort());
    },
  );
});

/** A way the paged compare (page 3 holds the findings) cannot be read whole, and what the contract says. */
interface Unread {
  what: string;
  mode: 'fail' | 'warn';
  setup: () => void;
  inputs?: Record<string, string>;
  /** fail: an API error (result error, exit 1); warn: a warning, the verdict as without it (pass). */
  outcome: 'error' | 'warning';
  /** Words the message has: its cause. */
  says: RegExp;
  /** How often the failing page is asked for (after the retries). */
  asked?: { page: number; times: number };
}

const ENABLE = /dependency graph/i;

const UNREAD: Unread[] = [
  {
    what: 'page 2 answers 500 after the retries',
    mode: 'fail',
    setup: () => (fake.github.failComparePage = { page: 2, status: 500 }),
    inputs: { 'max-retries': '1' },
    outcome: 'error',
    says: /500/,
    asked: { page: 2, times: 2 },
  },
  {
    what: 'page 3 is not JSON',
    mode: 'fail',
    setup: () => (fake.github.failComparePage = { page: 3, status: 'garbage' }),
    outcome: 'error',
    says: /JSON/,
  },
  {
    what: 'the next links are on another origin',
    mode: 'fail',
    setup: () => {
      fake.github.compareNextOrigin = elsewhere.github.url;
      // Were the link followed, the other origin would answer in full.
      for (const [key, entries] of fake.github.compares) elsewhere.github.compares.set(key, entries);
      elsewhere.github.comparePageSize = fake.github.comparePageSize;
    },
    outcome: 'error',
    says: /origin/i,
  },
  {
    what: 'every page after the first answers the first page again (a cache that ignores page)',
    mode: 'fail',
    setup: () => (fake.github.compareStuck = 'first-page-again'),
    outcome: 'error',
    says: /page 2 .*do not move/,
    asked: { page: 2, times: 1 },
  },
  {
    what: 'page 2 is empty yet links page 3',
    mode: 'fail',
    setup: () => (fake.github.compareStuck = 'empty'),
    outcome: 'error',
    says: /page 2 .*do not move/,
    asked: { page: 3, times: 0 },
  },
  {
    what: 'page 1 answers 403 (the dependency graph is off)',
    mode: 'fail',
    setup: () => (fake.github.failComparePage = { page: 1, status: 403 }),
    outcome: 'warning',
    says: ENABLE,
  },
  {
    what: 'page 1 answers 404 (no compare for these commits)',
    mode: 'fail',
    setup: () => fake.github.compares.clear(),
    outcome: 'warning',
    says: ENABLE,
  },
  {
    what: 'page 2 answers 500',
    mode: 'warn',
    setup: () => (fake.github.failComparePage = { page: 2, status: 500 }),
    outcome: 'warning',
    says: /500/,
  },
  {
    what: 'the next links are on another origin',
    mode: 'warn',
    setup: () => (fake.github.compareNextOrigin = elsewhere.github.url),
    outcome: 'warning',
    says: /origin/i,
  },
];

describe('a change not read whole is not read', () => {
  test.each(UNREAD)(
    'pr-introduced $mode, $what: $outcome; nothing brought in, nothing resolved',
    async ({ mode, setup, inputs, outcome: expected, says, asked }) => {
      const pr = pagedPullRequest(2);
      setup();
      const { run, report } = await judge(pr, { 'pr-introduced': mode, ...inputs });

      expect(outcome(run)).toEqual(
        expected === 'error' ? { exitCode: 1, result: 'error' } : { exitCode: 0, result: 'pass' },
      );
      expect({
        introduced: run.outputs['introduced-count'],
        resolved: run.outputs['resolved-count'],
        gating: run.outputs['gating-count'],
      }).toEqual({ introduced: '', resolved: '', gating: '0' });
      expect(report.introduced).toBeNull();
      expect(report.change?.state).toBe('unavailable');
      const told = expected === 'error' ? report.errors : report.warnings;
      const about = told.filter((m) => says.test(m.message));
      expect(about).toHaveLength(1);
      // It says what was not checked: what the pull request brings in.
      expect(about[0]!.message).toMatch(/brings in|brought in/i);
      if (says === ENABLE) expect(about[0]!.message).toMatch(/enable/i);
      if (expected === 'error') expect(about[0]!.kind).toBe('api');
      else expect(run.warnings.some((w) => says.test(w))).toBe(true);
      expect(elsewhere.github.requests).toEqual([]);
      if (asked) expect(pagesAsked().filter((p) => p === asked.page)).toHaveLength(asked.times);
    },
  );

  test('acme/webshop, the fix paged and page 2 failing: nothing resolved, the critical alerts still fail it', async () => {
    fake.github.compares.set(compareKey(), fixPullRequestChanges(h.sim.state));
    fake.github.comparePageSize = 2;
    fake.github.failComparePage = { page: 2, status: 500 };
    const run = await h.gate(
      { 'report-file': PR_REPORT, 'max-retries': '0' },
      { event: pullRequestEvent(), env: { GITHUB_API_URL: fake.github.url } },
    );
    const report = reportOf(run);
    const gating = expected(webshopAlerts(h.sim), 'critical').gating;

    // Read whole, the fix would resolve every critical alert (pull-requests.test.ts).
    expect(outcome(run)).toEqual({ exitCode: 1, result: 'fail' });
    expect({ resolved: run.outputs['resolved-count'], gating: run.outputs['gating-count'] }).toEqual({
      resolved: '',
      gating: String(gating.length),
    });
    expect(report.alerts.filter((a) => a.status === 'resolved' || a.resolution !== null)).toEqual([]);
    expect(introducedReportOf(run).errors.filter((e) => /500/.test(e.message))).toHaveLength(1);
    expect(pagesAsked()).toContain(2);
  });
});
