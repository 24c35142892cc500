// The JSON report (`report-file`): the whole result model, versioned by schemaVersion.
import type { GateResult } from '../model.js';

export function renderJsonReport(result: GateResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
