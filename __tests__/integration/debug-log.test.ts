// The debug log (`::debug::`, shown by the runner under ACTIONS_STEP_DEBUG): one line per request
// and one per decision, and never a token value.
import { expect, test } from '@jest/globals';
import { DEMO_TOKEN } from '../../simulator/data.js';
import { PATHS, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

const debugLines = (run: GateRun) => run.commands.filter((c) => c.command === 'debug').map((c) => c.message);

test('with RUNNER_DEBUG each request and each decision has a ::debug:: line, with no token in any', async () => {
  const run = await h.gate({}, { env: { RUNNER_DEBUG: '1' } });
  const lines = debugLines(run);
  const requests = lines.filter((l) => l.startsWith('request '));
  // One line per request the simulator saw (no retries on the default data).
  expect(requests).toHaveLength(h.sim.requests.length);
  expect(requests).toContainEqual(
    expect.stringMatching(/^request \/api\/v1\/sca\/alerts\/search page 1: HTTP 200 in \d+ ms$/),
  );
  expect(requests).toContainEqual(
    expect.stringMatching(new RegExp(`^request ${PATHS.repositories}.*: HTTP 200 in \\d+ ms$`)),
  );
  expect(lines).toContainEqual(expect.stringMatching(/^repository acme\/webshop matched by rule: /));
  expect(lines).toContainEqual(expect.stringMatching(/^decision: alerts \(decisive\): \d+ read/));
  expect(lines).toContainEqual(
    expect.stringMatching(/^decision: The security posture \((decisive|reports only)\): read$/),
  );
  expect(lines).toContainEqual(expect.stringMatching(/^decision: verdict fail: \S/));
  for (const secret of [DEMO_TOKEN.id, DEMO_TOKEN.secret, 'ghs_fakeGithubTokenForTests'])
    expect(lines.filter((l) => l.includes(secret))).toEqual([]);
});
