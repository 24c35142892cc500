// The JSON report (`report-file`): the whole result model, versioned by schemaVersion. Each alert
// appears once (100 to a line); the verdict refers to the gating ones by id. Written in chunks, so
// a report of 100,000 alerts is never one giant string.
import type { GateResult } from '../model.js';
import { cutAt, placeholder } from './skeleton.js';

/**
 * Alerts per chunk: enough to keep the writes few, few enough (about 85 KB) that a chunk stays below
 * V8's large-object size and is collected young once written: chunks of 500 went to the old
 * generation and made a 100,000-alert run's heap grow by some 50 MB before a full collection.
 */
const ALERTS_PER_CHUNK = 100;

/** The report as chunks of text that join to one JSON document. */
export function* jsonReportChunks(result: GateResult): Generator<string> {
  const { alerts, verdict, supplyChain, ...rest } = result;
  // Everything but the long lists, pretty; the versions checked before any advisory (50,000 in a
  // large change) and the alerts (the large part) go where their placeholders stand, values no
  // service text can know in advance, compact.
  const [entries, list] = [placeholder(), placeholder()];
  const shape = {
    ...rest,
    supplyChain: supplyChain && { ...supplyChain, entries },
    verdict: { ...verdict, gating: verdict.gating.map((a) => a.id) },
    alerts: list,
  };
  const [head = '', middle = ''] = cutAt(JSON.stringify(shape, null, 2), supplyChain ? entries : list);
  if (supplyChain) {
    const [between = '', tail = ''] = cutAt(middle, list);
    yield head;
    yield* compactList(supplyChain.entries, '    ');
    yield between;
    yield* compactList(alerts, '  ');
    yield `${tail}\n`;
    return;
  }
  yield head;
  yield* compactList(alerts, '  ');
  yield `${middle}\n`;
}

/** A list as compact JSON, ALERTS_PER_CHUNK items a line, closed at `indent`. */
function* compactList(items: readonly unknown[], indent: string): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  yield '[\n';
  for (let start = 0; start < items.length; start += ALERTS_PER_CHUNK) {
    // One line a chunk: stringifying 100 items at once is far cheaper than 100 times one.
    const line = JSON.stringify(items.slice(start, start + ALERTS_PER_CHUNK)).slice(1, -1);
    yield `${indent}  ${line}${start + ALERTS_PER_CHUNK >= items.length ? '\n' : ',\n'}`;
  }
  yield `${indent}]`;
}

/** The whole report as one string (tests, small results). */
export function renderJsonReport(result: GateResult): string {
  return [...jsonReportChunks(result)].join('');
}
