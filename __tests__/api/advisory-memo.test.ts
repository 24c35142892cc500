// The memo of advisories already read (alerts.ts) may hold only what the alerts hold anyway: zod's
// reading of the metadata, never the wire object with its unknown keys, and nothing of an advisory
// whose texts were cut. Measured on the heap after a full collection.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from '@jest/globals';
import { alertsResponseSchema, createAlertReader, MAX_TEXT, type AlertReader } from '../../src/api/alerts.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** One run's reader, alive for the whole file, so that what its memo keeps is on the heap when measured. */
const alertsResponse = alertsResponseSchema(createAlertReader());

/** Heap growth, in bytes, left by reading `alerts` once the read itself is dropped. */
function retainedBy(alerts: unknown[]): number {
  const text = JSON.stringify({ alerts, totalCount: alerts.length, page: 1, pageSize: alerts.length });
  gc();
  const before = process.memoryUsage().heapUsed;
  // In a function of its own, so that nothing of the read is live when the heap is measured.
  const unreadable = (() => alertsResponse.parse(JSON.parse(text)).alerts.filter((a) => !a.ok).length)();
  expect(unreadable).toBe(0);
  gc();
  return process.memoryUsage().heapUsed - before;
}

const alert = (i: number, metadata: Record<string, unknown>) => ({
  id: `alert_${i}`,
  isAlerted: true,
  languages: ['javascript'],
  metadata: {
    id: `GHSA-memo-${i}-${metadata.tag as string}`,
    packageIdentifier: 'pkg:npm/lodash@4.17.20',
    summary: 'Prototype pollution',
    description: 'A description',
    aliases: ['CVE-2026-1'],
    references: ['https://github.com/advisories/GHSA-memo'],
    severity: 'high',
    severityScore: 7.5,
    ...metadata,
  },
});
const MiB = 2 ** 20;

describe('the advisory memo holds nothing the alerts do not', () => {
  test('a key the spec does not list is not kept (1,000 advisories with 10 KB of it each)', () => {
    const alerts = Array.from({ length: 1000 }, (_, i) => alert(i, { tag: 'extra', notInTheSpec: 'x'.repeat(10_000) }));
    expect(retainedBy(alerts)).toBeLessThan(2 * MiB);
  });

  test('an advisory whose description was cut is not remembered (1,000 of 20 KB)', () => {
    const alerts = Array.from({ length: 1000 }, (_, i) =>
      alert(i, { tag: 'long', description: 'd'.repeat(MAX_TEXT * 5) }),
    );
    expect(retainedBy(alerts)).toBeLessThan(2 * MiB);
  });

  test('an advisory with more references than are kept is not remembered (1,000 of 200)', () => {
    const references = (i: number) => Array.from({ length: 200 }, (_, j) => `https://example.com/${i}/${j}`);
    const alerts = Array.from({ length: 1000 }, (_, i) => alert(i, { tag: 'refs', references: references(i) }));
    expect(retainedBy(alerts)).toBeLessThan(2 * MiB);
  });
});

describe('each reader has a memo of its own (one reader a run)', () => {
  /** An alert of one advisory, GHSA-shared, read by `reader`. */
  const read = (reader: AlertReader, i: number) => {
    const outcome = reader(alert(i, { tag: 'shared', id: 'GHSA-shared' }));
    if (!outcome.ok) throw new Error(`expected alert_${i} read, got ${outcome.error}`);
    return outcome.value;
  };

  test('an advisory read by one reader is not known to another, which reads it anew, to the same', () => {
    const [one, another] = [createAlertReader(), createAlertReader()];
    const first = read(one, 1);
    // Within a reader, the alerts of one advisory share its reading (the memo), lists and all.
    expect(read(one, 2).references).toBe(first.references);
    const elsewhere = read(another, 3);
    expect(elsewhere.references).not.toBe(first.references);
    expect(elsewhere.aliases).not.toBe(first.aliases);
    expect(elsewhere).toEqual({ ...first, id: 'alert_3' });
  });
});
