// Verdict integrity of the policy itself, end to end through dist/ against the simulator: a policy
// file's values keep their meaning whatever characters they hold, its paths stay in the workspace,
// and the license policy judges every package and expression as SPDX defines, in bounded time.
import { describe, expect, test } from '@jest/globals';
import { ADVISORIES } from '../../simulator/data.js';
import { errorText, useSimulator } from './harness.js';

const h = useSimulator();

interface Report {
  options: { allowAlerts: { id: string; until?: string; reason?: string }[] };
}
const report = (files: Record<string, string>) => JSON.parse(files['r.json']!) as Report;

describe('an allow-alerts mapping in a policy file keeps its until and reason, whatever its id holds', () => {
  test.each([
    ['a comma', `${ADVISORIES.log4shell}, GHSA-0000-0000-0000`],
    ['#', `${ADVISORIES.log4shell} #SEC-1`],
  ])('an id holding %s: one entry, expired, allowing nothing', async (_name, id) => {
    const policy = `allow-alerts:\n  - id: ${JSON.stringify(id)}\n    until: 2020-01-31\n    reason: vendor fix\n`;
    const run = await h.gate({ 'config-file': 'p.yml', 'report-file': 'r.json' }, { files: { 'p.yml': policy } });
    // Read back through the input syntax, the id would have lost its until: Log4Shell allowed for ever.
    expect(report(run.files).options.allowAlerts).toEqual([{ id, until: '2020-01-31', reason: 'vendor fix' }]);
    expect(run.outputs['allowed-count']).toBe('0');
    expect(run.outputs.result).toBe('fail');
    expect(errorText(run)).toContain(ADVISORIES.log4shell);
  });
});
