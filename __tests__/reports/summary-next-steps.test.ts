import { describe, expect, it } from '@jest/globals';
import type { ChangeView, GateResult } from '../../src/model.js';
import { nextStepsSection } from '../../src/reports/summary-next-steps.js';
import { makeEvaluated, makeResult } from '../fixtures/result.js';
import { render } from './render.js';

const READ: ChangeView = {
  event: 'pull_request',
  pullRequest: 7,
  base: 'b'.repeat(40),
  head: 'c'.repeat(40),
  state: 'read',
  entries: 0,
  reason: null,
};

function result(overrides: Partial<GateResult> = {}, advisories = ['GHSA-aaaa-bbbb-cccc']): GateResult {
  const alerts = advisories.map((advisory, i) => makeEvaluated({ advisory, id: `a${i}` }));
  return makeResult({
    alerts,
    generatedAt: '2026-11-27T10:00:00Z',
    scan: { commitSha: 'b3f8ac4e'.padEnd(40, '0'), branch: 'main' },
    ...overrides,
  });
}

/** The lines of the fenced block: the entries a developer copies. */
function entries(section: string): string[] {
  const fence = /(`{3,})\w*\n([\s\S]*?)\n\s*\1/.exec(section);
  return fence ? fence[2]!.split('\n').map((line) => line.replace(/^ {2}/, '')) : [];
}

describe('what a blocked developer is told to do', () => {
  it('says nothing when no alert gates, or when the alerts were not read', () => {
    expect(nextStepsSection(makeResult({ alerts: [makeEvaluated({ status: 'below-threshold' })] }))).toBeNull();
    expect(nextStepsSection({ ...result(), counts: null })).toBeNull();
  });

  it('a pull request that changes no dependency: the alerts are already on the scanned branch, as of its commit', () => {
    const section = nextStepsSection(result({ change: READ }))!;
    expect(section).toContain(
      "This pull request changes no dependencies: this alert is already on `main`, as of the service's scan of `b3f8ac4`.",
    );
  });

  it('says which gating alerts the change touches without resolving, and whose the others are', () => {
    const alerts = ['GHSA-1', 'GHSA-2', 'GHSA-3'].map((advisory, i) =>
      makeEvaluated({ advisory, id: `a${i}`, ...(i === 0 ? { changedByPullRequest: true } : {}) }),
    );
    const section = nextStepsSection(result({ alerts, change: { ...READ, entries: 4 } }))!;
    expect(section).toContain(
      'This pull request changes the package of one of these alerts without resolving it (marked "changed by this pull request"); the other 2 are already on `main`',
    );
    const untouched = nextStepsSection(result({ change: { ...READ, entries: 4 } }))!;
    expect(untouched).toContain(
      "changes 4 dependencies, none of them a gating alert's package: this alert is already on",
    );
  });

  it('a change that could not be read says so, rather than blaming the branch for sure', () => {
    const section = nextStepsSection(result({ change: { ...READ, state: 'unavailable', entries: null } }))!;
    expect(section).toContain("This pull request's dependency changes were not read: as far as the gate can tell");
  });

  it('offers the allow-alerts lines of the input, with an until date 30 days after the run', () => {
    const section = nextStepsSection(result({}, ['GHSA-aaaa-bbbb-cccc', 'CVE-2021-44228']))!;
    expect(section).toContain("add 2 entries to the step's `allow-alerts` input");
    expect(entries(section)).toEqual([
      'GHSA-aaaa-bbbb-cccc until 2026-12-27 # why it is accepted, and the ticket that tracks the fix',
      'CVE-2021-44228 until 2026-12-27 # why it is accepted, and the ticket that tracks the fix',
    ]);
  });

  it('offers the policy file entries when the run used one, and says where the file is', () => {
    const base = result();
    const local = nextStepsSection({ ...base, options: { ...base.options, configFile: '.github/security.yml' } })!;
    expect(local).toContain('to `.github/security.yml`, the policy file this run used (in this repository;');
    expect(entries(local)).toEqual([
      'allow-alerts:',
      '  - id: GHSA-aaaa-bbbb-cccc',
      '    until: 2026-12-27',
      '    reason: why it is accepted, and the ticket that tracks the fix',
    ]);
    const remote = nextStepsSection({
      ...base,
      options: { ...base.options, configFile: 'acme/policies/gate.yml@main' },
    })!;
    expect(remote).toContain('(in another repository: its owners decide)');
    expect(remote).toContain('the history of `acme/policies/gate.yml@main`');
  });

  it('shows at most 10 entries, one per advisory, and counts the rest', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `GHSA-${String(i).padStart(4, '0')}-xxxx-yyyy`);
    const section = nextStepsSection(result({}, [...ids, ids[0]!]))!;
    expect(entries(section)).toHaveLength(10);
    expect(section).toContain('(and 2 more advisories: see the JSON report)');
  });

  it('an id that is not one word is never offered as an input line; quoted in a policy file, it cannot break the block', () => {
    const hostile = 'GHSA-x ```\n# title';
    const input = nextStepsSection(result({}, [hostile]))!;
    expect(entries(input)).toEqual([]);
    expect(input).toContain('an `allow-alerts` entry with its advisory id');
    const base = result({}, [hostile]);
    const file = nextStepsSection({ ...base, options: { ...base.options, configFile: 'policy.yml' } })!;
    const r = render(file);
    expect(r.blocks.filter((b) => b === 'fence')).toEqual(['fence']);
    expect(r.blocks.filter((b) => b === 'heading_open')).toHaveLength(1);
    expect(file).toContain('  - id: "GHSA-x ```\\n# title"');
  });
});
