// The alert parts of the job summary: gating table, allowed alerts (collapsed) and the not-gating count.
// They are the only parts that grow with the data, so they are filled row by row within a byte budget.
import {
  exploitedThenWorst,
  type AllowEntry,
  type AlertStatus,
  type EvaluatedAlert,
  type GateResult,
  type ManifestLocation,
  type Reachability,
} from '../model.js';
import { FALLBACK_MANIFEST_PATH } from '../packages/locations.js';
import { fitRows, type ByteBudget } from './budget.js';
import { formatNumber, plural, severityLabel } from './format.js';
import { epssGatingNote, withEpssMark } from './epss.js';
import { fixCell } from './fix-words.js';
import { gatesOnlyAsKnownExploited, kevMark } from './known-exploited.js';
import { codeCell, escapeCell, link, linkCell } from './markdown.js';
import { vexRowNote } from './vex-marks.js';

/** Room for an "…and N more" line and the lines that close a section. */
const CLOSING_RESERVE = 200;

const GATING_HEADER = [
  '| Severity | Advisory | Package | Fix | Score | Reachability | Summary | Declared in |',
  '|---|---|---|---|--:|---|---|---|',
];
const ALLOWED_HEADER = [
  '| Advisory | Package | Fix | Severity | Until | Owner | Reason |',
  '|---|---|---|---|---|---|---|',
];

/** What the reachability words mean. */
const REACHABILITY_TERMS =
  "<sub>Reachability, from the service's analysis of the code: *reachable*, a use of the vulnerable code is reached; *needs review*, it could not tell for some use; *unreachable only*, every use it found is unreachable (`ignore-unreachable` can leave those out).</sub>";

/** "2 reachable", "needs review", "unreachable only", or "—" when there is no analysis. */
export function reachabilityLabel(counts: Reachability | null): string {
  if (!counts) return '—';
  if (counts.reachable > 0) return `${formatNumber(counts.reachable)} reachable`;
  if (counts.needsReview > 0) return 'needs review';
  if (counts.unreachable > 0) return 'unreachable only';
  return '—';
}

/**
 * The advisory id, linked to its first reference when that is an http(s) URL, and marked when the
 * KEV catalog lists it (contract: wherever alerts are listed).
 */
export function advisoryCell(e: EvaluatedAlert): string {
  const advisory = linkCell(e.advisory, e.references[0], 80);
  const mark = kevMark(e);
  return withEpssMark(mark === '' ? advisory : `${advisory} ${mark}`, e);
}

/** The label of an alert whose package the pull request adds or removes without resolving it. */
export const CHANGED_LABEL = 'changed by this pull request';
/** The label of an alert the pull request resolves though it does not gate (below the threshold, allowed, ignored). */
export const FIXED_LABEL = 'fixed by this pull request';

/** Resolved by the change, though it did not gate: not counted as resolved, labelled fixed. */
export const fixedOnly = (e: EvaluatedAlert): boolean => e.resolution !== null && e.status !== 'resolved';

/** The package, labelled when the pull request changes or fixes it (contract: wherever the alert is listed). */
export function packageCell(e: EvaluatedAlert): string {
  const name = codeCell(e.package, 120);
  const label = e.changedByPullRequest ? CHANGED_LABEL : fixedOnly(e) ? FIXED_LABEL : null;
  return label === null ? name : `${name || '—'} (${label})`;
}

/**
 * A known-exploited alert says so with CISA's name for the flaw, and one that gates only for that
 * says why it gates at all (its severity is below the threshold); null when the catalog does not list it.
 */
function exploitedNote(e: EvaluatedAlert): string | null {
  const kev = e.knownExploited;
  if (kev === null) return null;
  const name = escapeCell(kev.name, 120);
  const effect = gatesOnlyAsKnownExploited(e) ? ', so it fails the gate whatever its severity' : '';
  return `**Known exploited**${name ? ` (CISA: ${name})` : ''}${effect}.`;
}

/**
 * A gating alert past its grace period says since when (the date is the action's own text), then
 * whether it is known exploited; after its summary, what a VEX statement says of it.
 */
function summaryCell(e: EvaluatedAlert): string {
  const notes = [
    e.status === 'gating' && e.dueOn !== null ? `**Overdue since ${e.dueOn}.**` : null,
    exploitedNote(e),
    epssGatingNote(e),
    escapeCell(e.summary, 200) || null,
    vexRowNote(e.vex),
  ].filter((note) => note !== null);
  return notes.join(' ');
}

/**
 * `package.json:12`, linked to that line at the commit under test when the link base is known (the
 * job summary's `blobUrl`); '—' without a place in a real file.
 */
export function declaredInCell(location: ManifestLocation | null | undefined, blobUrl: string | null): string {
  if (!location || location.path === FALLBACK_MANIFEST_PATH) return '—';
  const { path, startLine, endLine } = location;
  const label = `${path}:${startLine}`;
  if (!blobUrl) return codeCell(label, 120);
  const lines = endLine > startLine ? `#L${startLine}-L${endLine}` : `#L${startLine}`;
  return link(label, `${blobUrl}/${path.split('/').map(encodeURIComponent).join('/')}${lines}`);
}

/** Where a gating alert's package is declared: its first place, and how many more. */
function declaredCell(e: EvaluatedAlert, blobUrl: string | null): string {
  const [first, ...rest] = (e.locations ?? []).filter((l) => l.path !== FALLBACK_MANIFEST_PATH);
  const cell = declaredInCell(first, blobUrl);
  return rest.length > 0 ? `${cell} and ${formatNumber(rest.length)} more` : cell;
}

function gatingRow(e: EvaluatedAlert, blobUrl: string | null): string {
  const cells = [
    severityLabel(e.severity),
    advisoryCell(e),
    packageCell(e),
    fixCell(e),
    formatNumber(e.score),
    reachabilityLabel(e.reachability),
    summaryCell(e),
    declaredCell(e, blobUrl),
  ];
  return `| ${cells.join(' | ')} |`;
}

function allowedRow(e: EvaluatedAlert): string {
  const entry = e.allowedBy;
  const cells = [
    advisoryCell(e),
    packageCell(e),
    fixCell(e),
    severityLabel(e.severity),
    entry?.until ? escapeCell(entry.until, 20) : 'no end date',
    entry?.by ? codeCell(entry.by, 100) : '—',
    [entry?.reason ? escapeCell(entry.reason, 200) : null, vexRowNote(e.vex)].filter(Boolean).join(' ') || '—',
  ];
  return `| ${cells.join(' | ')} |`;
}

/**
 * "allowed by `allow-alerts` until 2026-12-31 by `@acme/security`": what the verdict made of a finding
 * or a version an entry allowed. The owner as code: a team named in a comment is not notified.
 */
export function allowedWords(entry: AllowEntry | undefined): string {
  const until = entry?.until ? ` until ${entry.until}` : '';
  const by = entry?.by ? ` by ${codeCell(entry.by, 100)}` : '';
  return `allowed by \`allow-alerts\`${until}${by}`;
}

/** A table of as many rows as fit, then how many were left out. */
export function boundedTable<T>(
  header: string[],
  alerts: T[],
  renderRow: (e: T) => string,
  limits: { maxRows: number; budget: ByteBudget; more: (n: number) => string },
): string[] {
  const { budget } = limits;
  budget.reserve(CLOSING_RESERVE);
  const fitted = header.every((line) => budget.take(line))
    ? fitRows(alerts, renderRow, limits.maxRows, budget)
    : { rows: [], omitted: alerts.length };
  const table = fitted.rows.length > 0 ? [...header, ...fitted.rows] : [];
  const more = fitted.omitted > 0 ? ['', limits.more(fitted.omitted)] : [];
  budget.reserve(-CLOSING_RESERVE);
  budget.charge(...more);
  return [...table, ...more];
}

/**
 * The gating alerts in the verdict's order (known exploited first, then worst first). `noVerdict`:
 * the run ended in an error (a page of alerts may be missing), so "none gates" speaks only of the
 * alerts read.
 */
export function gatingSection(
  gating: EvaluatedAlert[],
  maxRows: number,
  budget: ByteBudget,
  { noVerdict, blobUrl }: { noVerdict: boolean; blobUrl: string | null },
): string {
  const title = `### Gating alerts (${formatNumber(gating.length)})`;
  if (gating.length === 0)
    return `${title}\n\n${noVerdict ? 'No alert among those read fails the gate.' : 'No alert fails the gate.'}`;
  budget.charge(title, '');
  const more = (n: number) => `…and ${plural(n, 'more gating alert')} (see the JSON report or the service).`;
  const row = (e: EvaluatedAlert) => gatingRow(e, blobUrl);
  const table = boundedTable(GATING_HEADER, gating, row, { maxRows, budget, more });
  // The service's words, for a reader who cannot act on "needs review" without knowing what it means.
  const terms = gating.some((e) => e.reachability !== null) ? ['', REACHABILITY_TERMS] : [];
  budget.charge(...terms);
  return [title, '', ...table, ...terms].join('\n');
}

/**
 * Under the ratchet (existing-alerts: warn on a pull request): the alerts already on the base, which
 * would fail the gate and do not fail this pull request; collapsed, in the verdict's order.
 */
export function existingSection(alerts: EvaluatedAlert[], maxRows: number, budget: ByteBudget): string | null {
  const existing = alerts.filter((e) => e.status === 'existing').sort(exploitedThenWorst);
  if (existing.length === 0) return null;
  const open = `<details><summary>Already on the base (${formatNumber(existing.length)}): they do not fail this pull request (<code>existing-alerts: warn</code>)</summary>`;
  budget.charge(open, '', '', '</details>');
  const more = (n: number) => `…and ${plural(n, 'more alert')} already on the base (see the JSON report).`;
  const row = (e: EvaluatedAlert) => gatingRow(e, null);
  const table = boundedTable(GATING_HEADER, existing, row, { maxRows, budget, more });
  return [open, '', ...table, '', '</details>'].join('\n');
}

/** Collapsed: allowed alerts still deserve a look, but they do not fail the gate. */
export function allowedSection(alerts: EvaluatedAlert[], maxRows: number, budget: ByteBudget): string | null {
  const allowed = alerts.filter((e) => e.status === 'allowed');
  if (allowed.length === 0) return null;
  const more = (n: number) => `…and ${plural(n, 'more allowed alert')}.`;
  const open = `<details><summary>Allowed by <code>allow-alerts</code> (${formatNumber(allowed.length)})</summary>`;
  budget.charge(open, '', '', '</details>');
  const table = boundedTable(ALLOWED_HEADER, allowed, allowedRow, { maxRows, budget, more });
  return [open, '', ...table, '', '</details>'].join('\n');
}

/**
 * The alerts the not-gating line counts, in its order, and its words (below the threshold: as the
 * verdict said it); null: listed in a table of their own.
 */
const NOT_GATING: Record<AlertStatus, ((first: EvaluatedAlert) => string) | null> = {
  'below-threshold': (first) => first.disposition.reason,
  unreachable: () => 'only unreachable (ignored)',
  'not-alerted': () =>
    "not alerted by the service (reported, but the service's own triage raised no alert; these never gate)",
  gating: null,
  resolved: null,
  due: null,
  allowed: null,
  'not-affected': null,
  existing: null,
  'out-of-scope': null,
};

/**
 * "Not gating: 3 below the high threshold (1 known exploited) · 1 only unreachable (ignored)", or
 * null when none: these alerts are not listed, so the known-exploited ones among them are counted.
 */
export function notGatingLine(result: GateResult): string | null {
  const parts = Object.entries(NOT_GATING)
    .map(([status, describe]) => {
      if (describe === null) return null;
      const alerts = result.alerts.filter((e) => e.status === status);
      const exploited = alerts.filter((e) => e.knownExploited !== null).length;
      const kev = exploited > 0 ? ` (${formatNumber(exploited)} known exploited)` : '';
      return alerts[0] ? `**${formatNumber(alerts.length)}** ${describe(alerts[0])}${kev}` : null;
    })
    .filter((part) => part !== null);
  return parts.length > 0 ? `Not gating: ${parts.join(' · ')}.` : null;
}
