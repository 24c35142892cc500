// assembleResult's allow-list warnings with the checks before any advisory (contract: "The way out",
// "Exceptions no longer needed": an entry that allowed something this run is never "unused"; "Before
// any advisory": only an allow-alerts entry naming a MAL- id spares a malicious version).
import { describe, expect, test } from '@jest/globals';
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
