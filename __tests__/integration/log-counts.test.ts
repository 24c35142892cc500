// The counts the log gives, through dist/: one of a thing is said in the singular ("1 entry read",
// not "1 entries"), as the policy's sentences and the reports already say it (numbers.ts plural).
import { describe, expect, test } from '@jest/globals';
import { compareEntry } from '../../simulator/github.js';
import { badPullRequest } from '../../simulator/pull-requests.js';
import { PATHS, useFakeGitHub, useSimulator } from './harness.js';
import { cleanLibAlerts, madeUpGhsa, runOn, serve, serviceAlert } from './introduced-fixtures.js';

const h = useSimulator();
const fake = useFakeGitHub();

const LEFT_PAD = { ecosystem: 'npm', name: 'left-pad', version: '1.3.0' };
const QS = 'GHSA-hrpp-h998-j3pp';

describe('counts in the log', () => {
  test('one of each: 1 alert, 1 entry, 1 vulnerability, 1 retry; never "1 alerts" and the like', async () => {
    const pr = {
      ...badPullRequest(),
      changes: [compareEntry('added', LEFT_PAD, 'package.json', [{ id: madeUpGhsa(3), severity: 'low' }])],
    };
    serve(fake.github, pr);
    cleanLibAlerts(h.sim.state.alerts).push(serviceAlert('alert_clean_qs', QS, 'pkg:npm/qs@6.7.0', 'low'));
    h.sim.script(PATHS.alerts, { status: 503, headers: { 'Retry-After': '0' } });
    const { run } = await runOn(h, fake.github, pr, { 'max-retries': '1' });
    expect(run.outputs.result).toBe('pass');
    expect(run.stdout).toMatch(/^1 alert read$/m);
    expect(run.stdout).toMatch(/^The change's dependencies \([^)]*\): 1 entry read$/m);
    expect(run.stdout).toMatch(/^1 vulnerability brought in by the pull request$/m);
    expect(run.stdout).toMatch(/^\d+ requests to the service \(1 retry\)$/m);
    expect(run.stdout).not.toMatch(/\b1 (alerts|entries|vulnerabilities|retries|requests)\b/);
  });

  test('more than one, and none: the plural', async () => {
    const pr = badPullRequest();
    serve(fake.github, pr);
    const { run } = await runOn(h, fake.github, pr);
    expect(run.stdout).toMatch(/^0 alerts read$/m);
    expect(run.stdout).toMatch(new RegExp(`: ${pr.changes.length} entries read$`, 'm'));
    expect(run.stdout).toMatch(/^\d+ vulnerabilities brought in by the pull request$/m);
    expect(run.stdout).toMatch(/^\d+ requests to the service \(0 retries\)$/m);
  });
});
