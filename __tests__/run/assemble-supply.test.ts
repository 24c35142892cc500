// assembleResult's allow-list warnings and lists with the checks before any advisory (contract: "The way out",
// "Exceptions no longer needed": an entry that allowed something this run is never "unused"; "Before
// any advisory": only an allow-alerts entry naming a MAL- id spares a malicious version).
import { describe, expect, test } from '@jest/globals';
import { ApiError } from '../../src/api/client.js';
import { PATHS } from '../../src/api/endpoints.js';
import type { Config } from '../../src/config/inputs.js';
import type { SupplyChainEntry } from '../../src/model.js';
import { assembleResult, type AssembleInput } from '../../src/run/assemble.js';
import { describeSchedule } from '../../src/run/schedule.js';
import { makeConfig } from '../fixtures/result.js';

const MAL = 'MAL-2025-47301';

const colorStringify: SupplyChainEntry = {
  ecosystem: 'npm',
  name: 'color-stringify',
  version: '4.1.1',
  packageUrl: 'pkg:npm/color-stringify@4.1.1',
  manifests: ['package.json'],
  scope: 'runtime',
  source: 'change',
  publishedAt: null,
  ageHours: null,
  landsFrom: null,
  releaseAge: null,
  unknownWhy: null,
  malicious: [MAL],
  denied: null,
  locations: [],
};

function input(config: Partial<Config>): AssembleInput {
  return {
    config: makeConfig({ malicious: 'fail', ...config }),
    repository: { id: 'repo_abc', name: 'acme/web', url: null },
    reads: {
      alerts: { alerts: [], errors: [], warnings: [], totalCount: 0 },
      schedule: { ok: true, value: null },
      packages: null,
      licenses: null,
    },
    statistics: {
      posture: { ok: true, value: null },
      timeSaved: { ok: true, value: { totalMinutesSaved: 1, patchingMinutesSaved: 1, validationMinutesSaved: 0 } },
    },
    settings: [],
    window: { startDate: '2024-06-01', endDate: '2024-06-07' },
    now: new Date('2024-06-07T12:00:00Z'),
    describeSchedule,
    supply: { entries: [structuredClone(colorStringify)], releaseAge: null, malicious: { error: null }, private: 0 },
  };
}

describe('an allow-alerts entry naming a MAL- id', () => {
  test('that spared a malicious version is used: no "matches no alert" warning', () => {
    const result = assembleResult(input({ allowAlerts: [{ id: MAL, reason: 'a false positive' }] }));
    expect(result.result).toBe('pass');
    expect(result.warnings.filter((w) => w.kind === 'unmatched-allow')).toEqual([]);
  });

  test('that names no MAL- id found is still unused', () => {
    const result = assembleResult(input({ allowAlerts: [{ id: 'MAL-2025-00001' }] }));
    expect(result.result).toBe('fail');
    expect(result.warnings.filter((w) => w.kind === 'unmatched-allow').map((w) => w.message)).toEqual([
      expect.stringContaining('MAL-2025-00001'),
    ]);
  });
});

describe('what the result says of the entries (contract: "The way out")', () => {
  const entries = [
    { id: MAL, for: 'pkg:npm/color-stringify', until: '2024-06-10', by: '@acme/security' },
    { id: MAL, for: 'pkg:npm/left-pad' },
    { id: 'GHSA-none', until: '2024-06-30' },
  ];

  test('every alert read: the entries that named nothing are unused; those ending within 7 days come due', () => {
    const result = assembleResult(input({ allowAlerts: entries }));
    expect(result.supplyChain?.entries[0]?.allowedBy).toEqual(entries[0]);
    expect(result.allowUnused).toEqual([entries[1], entries[2]]);
    expect(result.allowExpiring).toEqual([{ entry: entries[0], daysLeft: 3 }]);
    expect(result.warnings.map((w) => w.kind)).toEqual(['unmatched-allow', 'unmatched-allow', 'expiring-allow']);
  });

  test('a page of alerts not read: nothing is unused, no warning calls it so; what comes due still does', () => {
    const failed = input({ allowAlerts: entries });
    failed.reads.alerts.errors.push(new ApiError(PATHS.searchAlerts, 'server', 'HTTP 503', 503, 1));
    const result = assembleResult(failed);
    expect(result.allowUnused).toBeNull();
    expect(result.allowExpiring).toHaveLength(1);
    expect(result.warnings.filter((w) => w.kind === 'unmatched-allow')).toEqual([]);
  });

  test('the alerts search not answered (no totalCount), or no secrets to ask it: nothing is unused', () => {
    const unread = input({ allowAlerts: entries });
    unread.reads.alerts.totalCount = null;
    expect(assembleResult(unread).allowUnused).toBeNull();
    expect(assembleResult(input({ allowAlerts: entries, withheldSecrets: 'fork' })).allowUnused).toBeNull();
  });
});
