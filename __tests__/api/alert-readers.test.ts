// The two alert readers of alerts.ts must be one reader in two speeds: wherever the fast reader
// (the spec's shape) reads an alert, the tolerant reader reads it to the same Alert, and readAlert
// (memo, fast, tolerant) gives what the tolerant reader gives, on a first read and from the memo.
// Fed every alert fixture there is, and generated edge cases of every field.
import { describe, expect, test } from '@jest/globals';
import { isDeepStrictEqual } from 'node:util';
import {
  createAlertReader,
  cveIdsOfAlertsAnswer,
  MAX_TEXT,
  readTolerantAlert,
  readWellFormedAlert,
} from '../../src/api/alerts.js';
import { cveIdsOf, type Alert } from '../../src/model.js';
import { defaultData } from '../../simulator/data.js';
import { makeAlert, makeExampleResult } from '../fixtures/result.js';
import { HOSTILE } from '../reports/hostile.js';

type Wire = Record<string, unknown>;

/** One run's reader, memo and all: its memo serves the second read of each alert below. */
const readAlert = createAlertReader();

/** A model alert as the service would send it. */
function wireOf(alert: Alert): Wire {
  return {
    id: alert.id,
    isAlerted: alert.alerted,
    createdAt: alert.createdAt,
    updatedAt: alert.updatedAt,
    languages: alert.languages,
    reachabilityCounts: alert.reachability,
    metadata: {
      id: alert.advisory,
      severity: alert.severity,
      severityScore: alert.score,
      packageIdentifier: alert.package,
      summary: alert.summary,
      description: alert.description,
      aliases: alert.aliases,
      references: alert.references,
    },
  };
}

/** A copy of `alert` with the field at `path` set to `value`, or removed when `value` is MISSING. */
const MISSING = Symbol('missing');
function withField(alert: Wire, path: string, value: unknown): Wire {
  const copy = structuredClone(alert);
  const keys = path.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Wire;
  }
  const last = keys[keys.length - 1]!;
  if (value === MISSING) delete at[last];
  else at[last] = structuredClone(value);
  return copy;
}

// ---------- the fixtures ----------

/** The simulator's seeded alerts, every repository's, as they go over the wire (JSON). */
const SEEDED = JSON.parse(JSON.stringify(Object.values(defaultData().alerts).flat())) as Wire[];
/** The model alerts of the report fixtures, sent back as wire alerts. */
const FROM_FIXTURES = [
  makeAlert(),
  makeAlert({ reachability: null, createdAt: null, updatedAt: null, aliases: ['CVE-2024-1'], score: null }),
  ...makeExampleResult().alerts,
].map(wireOf);

const TEXT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'metadata.id',
  'metadata.severity',
  'metadata.packageIdentifier',
  'metadata.summary',
  'metadata.description',
];
const LIST_FIELDS = ['languages', 'metadata.aliases', 'metadata.references'];
const ALL_FIELDS = [
  ...TEXT_FIELDS,
  ...LIST_FIELDS,
  'isAlerted',
  'reachabilityCounts',
  'reachabilityCounts.reachable',
  'reachabilityCounts.needsReview',
  'reachabilityCounts.unreachable',
  'metadata',
  'metadata.severityScore',
];

/** Values a field may come with: every JSON type, nulls, numbers as strings, the edges of numbers and text. */
const EDGE_VALUES: unknown[] = [
  MISSING,
  null,
  '',
  '   ',
  ' padded ',
  '\u00a0no-break spaces\u00a0',
  '\ufeffbyte-order mark',
  'line separator\u2028',
  'false',
  '9.8',
  '7',
  ' 5 ',
  '-1',
  '1e3',
  '1e999',
  'NaN',
  'Infinity',
  9.8,
  7,
  0,
  -0,
  -1,
  0.5,
  11,
  1e308,
  Infinity, // `1e999` in JSON
  -Infinity,
  NaN,
  true,
  false,
  [],
  ['text', 1, null],
  {},
  { reachable: 1, needsReview: 0, unreachable: 0 },
  '2026-01-02T03:04:05Z',
  '2026-01-02',
  '2026-13-45T99:99',
  'GHSA-aaaa-bbbb-cccc',
  '\ud800 lone surrogate',
  'x'.repeat(MAX_TEXT + 10),
  Array.from({ length: 30 }, (_, i) => `https://example.com/${i}`),
];

const SEVERITY_WORDS = [MISSING, null, 'critical', 'HIGH', 'Moderate', 'important', 'low', 'none', '', 'weird', 7];
const SCORES = [MISSING, null, 9.8, '9.8', 0, 11, -1, Infinity, '1e999', 'high'];

function corpus(): [string, unknown][] {
  const cases: [string, unknown][] = [];
  SEEDED.forEach((alert) => cases.push([`seeded ${String(alert.id)}`, alert]));
  FROM_FIXTURES.forEach((alert) => cases.push([`fixture ${String(alert.id)}`, alert]));
  const bases = [SEEDED[0]!, SEEDED.find((a) => a.reachabilityCounts === null)!, FROM_FIXTURES[0]!];
  for (const [b, base] of bases.entries()) {
    for (const path of ALL_FIELDS) {
      EDGE_VALUES.forEach((value, v) => cases.push([`base ${b}, ${path} = edge ${v}`, withField(base, path, value)]));
    }
    HOSTILE.forEach((text, t) => {
      for (const path of TEXT_FIELDS) cases.push([`base ${b}, ${path} = hostile ${t}`, withField(base, path, text)]);
      for (const path of LIST_FIELDS)
        cases.push([`base ${b}, ${path} = [hostile ${t}]`, withField(base, path, [text])]);
    });
    for (const [w, word] of SEVERITY_WORDS.entries()) {
      for (const [s, score] of SCORES.entries()) {
        const alert = withField(withField(base, 'metadata.severity', word), 'metadata.severityScore', score);
        cases.push([`base ${b}, severity ${w}, score ${s}`, alert]);
      }
    }
  }
  for (const value of [null, undefined, 'alert', 7, [], {}]) cases.push([`not an alert: ${String(value)}`, value]);
  return cases;
}

const show = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));

/** What differs between two readings: the fields of two Alerts, else both outcomes whole. */
function difference(a: unknown, b: unknown): string {
  const value = (x: unknown) => ((x as { ok?: boolean; value?: unknown })?.ok ? (x as { value: unknown }).value : x);
  const [x, y] = [value(a), value(b)];
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return `${show(a)} vs ${show(b)}`;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  const differing = [...keys].filter(
    (k) => !isDeepStrictEqual((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]),
  );
  return differing
    .map((k) => `${k}: ${show((x as Record<string, unknown>)[k])} vs ${show((y as Record<string, unknown>)[k])}`)
    .join(', ');
}

describe('the fast and the tolerant alert readers read every alert the same', () => {
  test('every fixture and edge case: the same Alert, or the same error, whichever path reads it', () => {
    const cases = corpus();
    const disagreements: string[] = [];
    let fast = 0;
    let tolerantOnly = 0;
    for (const [name, value] of cases) {
      const tolerant = readTolerantAlert(value);
      const wellFormed = readWellFormedAlert(value);
      if (wellFormed === null) tolerantOnly++;
      else {
        fast++;
        if (!tolerant.ok || !isDeepStrictEqual(wellFormed, tolerant.value))
          disagreements.push(`${name}: fast vs tolerant: ${difference(wellFormed, tolerant)}`);
      }
      // readAlert twice: the second read of a well-formed alert comes from the advisory memo.
      for (const pass of ['first read', 'read again']) {
        const read = readAlert(value);
        if (!isDeepStrictEqual(read, tolerant))
          disagreements.push(`${name}: readAlert (${pass}) vs tolerant: ${difference(read, tolerant)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The corpus takes both paths often.
    expect(fast).toBeGreaterThan(500);
    expect(tolerantOnly).toBeGreaterThan(500);
  });
});

describe('the CVE ids seen on a page before it is checked (their EPSS scores asked for meanwhile)', () => {
  test('every CVE id of every alert read was seen already: the verdict never waits on an id asked late', () => {
    const missed: string[] = [];
    let withCve = 0;
    for (const [name, value] of corpus()) {
      const read = readTolerantAlert(value);
      if (!read.ok) continue;
      const wanted = cveIdsOf([read.value]);
      if (wanted.length > 0) withCve++;
      const seen = new Set(cveIdsOfAlertsAnswer({ alerts: [value] }));
      const late = wanted.filter((cve) => !seen.has(cve));
      if (late.length > 0) missed.push(`${name}: ${late.join(', ')}`);
    }
    expect(missed).toEqual([]);
    expect(withCve).toBeGreaterThan(100);
  });

  test('a page of any other shape gives none, and only CVE ids are ever given', () => {
    for (const data of [null, 5, 'CVE-2021-44228', [], {}, { alerts: 'CVE-2021-44228' }, { alerts: { metadata: {} } }])
      expect(cveIdsOfAlertsAnswer(data)).toEqual([]);
    const page = {
      alerts: [
        null,
        7,
        { metadata: null },
        { metadata: 'CVE-2021-1' },
        { metadata: { id: ' cve-2021-44228 ', aliases: 'CVE-2021-2' } },
        { metadata: { id: 'GHSA-jfh8-c2jp-5v3q', aliases: ['CVE-2021-44228', 'CVE-2021-45046', 5, null, 'token'] } },
      ],
    };
    expect(cveIdsOfAlertsAnswer(page)).toEqual(['CVE-2021-44228', 'CVE-2021-45046']);
  });
});
