// Pure: the verdict's VEX rule (contract: "VEX statements", "What it does"). The latest statement
// that speaks of an alert decides when it says `not_affected` or `fixed`: the alert does not gate,
// whatever its severity, KEV listing or EPSS score. `affected` and `under_investigation` decide
// nothing; the reports show them beside the alert.
import type { VexMark } from '../model.js';

/** Its words in a reason: the justification or impact statement of `not_affected`, or the status. */
function said(mark: VexMark): string {
  if (mark.status === 'fixed') return 'fixed';
  const why = mark.justification ?? mark.impactStatement ?? '';
  return `not affected${why ? ` (${why.length > 200 ? `${why.slice(0, 197)}...` : why})` : ''}`;
}

/** The statement spares the alert: it says `not_affected` or `fixed`. */
export const sparesAlert = (mark: VexMark | null): mark is VexMark =>
  mark !== null && (mark.status === 'not_affected' || mark.status === 'fixed');

/** "VEX document https://…/vex-1 statements[2] (.vex/app.json): not affected (vulnerable_code_not_present)". */
export function vexReason(mark: VexMark): string {
  return `VEX document ${mark.document} statements[${mark.statement}] (${mark.file}): ${said(mark)}`;
}
