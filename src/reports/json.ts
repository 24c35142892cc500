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
  const { alerts, verdict, ...rest } = result;
  // Everything but the alerts, pretty, the alerts last (the large part); they go where the
  // placeholder stands, a value no service text can know in advance.
  const list = placeholder();
  const shape = { ...rest, verdict: { ...verdict, gating: verdict.gating.map((a) => a.id) }, alerts: list };
  const [head, tail] = cutAt(JSON.stringify(shape, null, 2), list);
  if (alerts.length === 0) {
    yield `${head}[]${tail}\n`;
    return;
  }
  yield `${head}[\n`;
  for (let start = 0; start < alerts.length; start += ALERTS_PER_CHUNK) {
    // One line a chunk: stringifying 100 alerts at once is far cheaper than 100 times one.
    const line = JSON.stringify(alerts.slice(start, start + ALERTS_PER_CHUNK)).slice(1, -1);
    yield `    ${line}${start + ALERTS_PER_CHUNK >= alerts.length ? '\n' : ',\n'}`;
  }
  yield `  ]${tail}\n`;
}

/** The whole report as one string (tests, small results). */
export function renderJsonReport(result: GateResult): string {
  return [...jsonReportChunks(result)].join('');
}
