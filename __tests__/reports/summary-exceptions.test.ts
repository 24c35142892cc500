// The summary's Exceptions section (contract: "The way out"): entries that come due within 7 days with
// their days left, and entries that allowed nothing ("unused: remove them"); nothing when neither.
import { describe, expect, test } from '@jest/globals';
import type { AllowEntry } from '../../src/model.js';
import { renderSummary } from '../../src/reports/summary.js';
import { exceptionsSection } from '../../src/reports/summary-exceptions.js';
import { makeResult } from '../fixtures/result.js';

const owned: AllowEntry = {
  id: 'GHSA-1',
  for: 'pkg:npm/lodash',
  until: '2024-06-10',
  by: '@acme/security',
  source: { kind: 'policy-file', path: '.github/security-gate.yml', line: 12 },
};

describe('exceptionsSection', () => {
  test('nothing to say: no section', () => {
    expect(exceptionsSection({ allowExpiring: [], allowUnused: [] })).toBeNull();
    expect(exceptionsSection({ allowExpiring: [], allowUnused: null })).toBeNull();
  });

  test('entries coming due, each with its days left, its package, owner and place', () => {
    const section = exceptionsSection({
      allowExpiring: [
        { entry: { id: 'GHSA-2', until: '2024-06-07', source: { kind: 'input' } }, daysLeft: 0 },
        { entry: owned, daysLeft: 3 },
      ],
      allowUnused: null,
    });
    expect(section).toBe(
      [
        '### Exceptions (`allow-alerts`)',
        '',
        '**Coming due**: 2 entries end within 7 days: renew them on purpose with a later `until`, or fix what they allow.',
        '',
        '- `GHSA-2`: until 2024-06-07, 0 days left',
        '- `GHSA-1` for `pkg:npm/lodash` by `@acme/security` (`.github/security-gate.yml:12`): until 2024-06-10, 3 days left',
      ].join('\n'),
    );
  });

  test('unused entries: remove them', () => {
    const section = exceptionsSection({ allowExpiring: [], allowUnused: [owned] }) ?? '';
    expect(section).toContain(
      '**Unused: remove them**: 1 entry allowed nothing this run (no alert, finding or malicious version it names was read; or the id is mistyped).',
    );
    expect(section).toContain('- `GHSA-1` for `pkg:npm/lodash` by `@acme/security` (`.github/security-gate.yml:12`)');
  });

  test('at most 50 of each are listed, then how many more', () => {
    const many = Array.from({ length: 53 }, (_, i) => ({ id: `GHSA-${i}` }));
    const section = exceptionsSection({ allowExpiring: [], allowUnused: many }) ?? '';
    expect(section.split('\n').filter((line) => line.startsWith('- `'))).toHaveLength(50);
    expect(section).toContain('- …and 3 more (see the JSON report).');
  });
});

describe('in the job summary', () => {
  test('before the warnings, which do not say the same again', () => {
    const result = makeResult({
      allowExpiring: [{ entry: owned, daysLeft: 3 }],
      allowUnused: [{ id: 'GHSA-9' }],
      warnings: [
        { kind: 'expiring-allow', message: 'allow-alerts entry GHSA-1 ends on 2024-06-10 (3 days left): renew it.' },
        { kind: 'unmatched-allow', message: 'allow-alerts entry GHSA-9 matches no alert of this repository.' },
        { kind: 'expired-allow', message: 'allow-alerts entry GHSA-8 expired.' },
      ],
    });
    const page = renderSummary(result);
    expect(page.indexOf('### Exceptions')).toBeGreaterThan(-1);
    expect(page.indexOf('### Exceptions')).toBeLessThan(page.indexOf('### Warnings'));
    const warnings = page.slice(page.indexOf('### Warnings'));
    expect(warnings).toContain('GHSA-8 expired');
    expect(warnings).not.toContain('GHSA-1');
    expect(warnings).not.toContain('GHSA-9');
  });
});
