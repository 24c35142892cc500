// The KEV catalog's age weighed (contract: "A stale catalog warns"): more than 7 × 24 hours between
// its dateReleased and the run is a warning, and the catalog is used all the same; dateReleased is
// read as an instant (a zone given), or a date without one counted from its last moment anywhere.
import { describe, expect, test } from '@jest/globals';
import type { Config } from '../../src/config/inputs.js';
import { KEV_FEED_URL, success, type Warning } from '../../src/model.js';
import type { Found } from '../../src/run/weigh.js';
import { catalogReleasedAt, weighCatalog } from '../../src/run/weigh-feeds.js';
import { kevCatalog, kevEntry } from '../fixtures/kev.js';
import { makeConfig } from '../fixtures/result.js';

const NOW = new Date('2025-03-21T14:01:12Z');

function weigh(released: string | null, config: Partial<Config> = { knownExploited: 'fail' }) {
  const found: Found = { errors: [], warnings: [], trace: () => undefined };
  const catalog = kevCatalog([kevEntry('CVE-2021-44228')], { released });
  const kept = weighCatalog(makeConfig(config), success(catalog), NOW, found);
  return { kept: kept === catalog, warnings: found.warnings, errors: found.errors };
}

const aged = (warnings: Warning[]) => warnings.filter((w) => /KEV catalog was released/.test(w.message));

describe('a catalog released more than 7 × 24 hours before the run warns, and is used', () => {
  test.each<[string, string | null, boolean]>([
    ['7 × 24 hours and 1 ms before', '2025-03-14T14:01:11.999Z', true],
    ['exactly 7 × 24 hours before', '2025-03-14T14:01:12Z', false],
    ['the same instant in another zone, exactly 7 × 24 hours', '2025-03-14T16:01:12+02:00', false],
    ['an hour more in another zone', '2025-03-14T15:01:12+02:00', true],
    ["CISA's four fraction digits, 8 days before", '2025-03-13T14:01:12.0465Z', true],
    ['6 days before', '2025-03-15T14:01:12.0465Z', false],
    ['released after the run (a clock behind)', '2025-03-22T00:00:00Z', false],
    ['no dateReleased', null, false],
    ['a dateReleased that is no date', 'last week', false],
    ['a day its month lacks', '2025-02-30T00:00:00Z', false],
  ])('%s: warns %s', (_name, released, warns) => {
    const { kept, warnings, errors } = weigh(released);
    expect(kept).toBe(true);
    expect(errors).toEqual([]);
    expect(aged(warnings)).toHaveLength(warns ? 1 : 0);
  });

  test('the warning: kind, the date as given, the age, that it still gates, what to do', () => {
    const { warnings } = weigh('2025-03-13T12:01:12.0000Z', {
      knownExploited: 'fail',
      kevSource: { kind: 'file', path: 'security/kev.json' },
    });
    expect(warnings).toEqual([
      {
        kind: 'known-exploited',
        message:
          "The KEV catalog was released 2025-03-13T12:01:12.0000Z, 8 days and 2 hours before this run (more than 7 × 24 hours): kev-url may name a copy that is no longer updated; refresh the copy, or give kev-url CISA's feed. It is used as it is and still gates.",
      },
    ]);
  });

  test("under warn it does not say it gates; from CISA's own feed it does not blame a copy", () => {
    const { warnings } = weigh('2025-03-10T14:01:12Z', {
      knownExploited: 'warn',
      kevSource: { kind: 'url', url: KEV_FEED_URL },
    });
    expect(warnings.map((w) => w.message)).toEqual([
      'The KEV catalog was released 2025-03-10T14:01:12Z, 11 days before this run (more than 7 × 24 hours): CISA has released no newer one, or something between serves an old copy. It is used as it is.',
    ]);
  });

  test('known-exploited off: the catalog is not weighed, nothing said of its age', () => {
    expect(weigh('2020-01-01T00:00:00Z', { knownExploited: 'off' })).toEqual({ kept: false, warnings: [], errors: [] });
  });
});

describe('dateReleased as an instant', () => {
  test.each<[string, string | null]>([
    ['2025-03-14T14:01:12.0465Z', '2025-03-14T14:01:12.046Z'],
    ['2025-03-14t14:01:12z', '2025-03-14T14:01:12.000Z'],
    ['2025-03-14T14:01:12-05:00', '2025-03-14T19:01:12.000Z'],
    // A date alone: the moment it ends at UTC-12, the last place it is that date.
    ['2025-03-14', '2025-03-15T12:00:00.000Z'],
    ['2024-02-29', '2024-03-01T12:00:00.000Z'],
    ['2025-12-31', '2026-01-01T12:00:00.000Z'],
    // A time without a zone: its date, read as a date alone (the runner's zone never decides).
    ['2025-03-14T23:59:59', '2025-03-15T12:00:00.000Z'],
    ['2025-03-14T14:01:12.0465', '2025-03-15T12:00:00.000Z'],
    ['2025-02-29', null],
    ['2025-03-14 14:01:12Z', null],
    ['14 March 2025', null],
    ['', null],
  ])('%j -> %s', (text, instant) => {
    const at = catalogReleasedAt(text);
    expect(at === null ? null : new Date(at).toISOString()).toBe(instant);
  });
});
