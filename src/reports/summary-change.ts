// The parts of the job summary and the PR comment about the pull request and time (contract: "Pull
// requests and time"): what the verdict rests on, the alerts the change resolves, the ones it
// changes without resolving, and the ones coming due. The tables grow with the data, so they are
// filled within the page's byte budget like the gating table.
import {
  exploitedThenWorst,
  knownExploitedFirst,
  SEVERITIES,
  worstFirst,
  type ChangeView,
  type EvaluatedAlert,
  type GateResult,
  type ScanView,
} from '../model.js';
import { baseFilesLine } from './base-files.js';
import type { ByteBudget } from './budget.js';
import { formatNumber, plural, severityLabel } from './format.js';
import { catalogLine, listedFindings } from './known-exploited.js';
import { RULE_WORDS } from './rule-words.js';
import { code, codeCell, escapeText, truncate } from './markdown.js';
import { epssLine } from './epss.js';
import { advisoryCell, allowedWords, boundedTable, FIXED_LABEL, fixedOnly, packageCell } from './summary-alerts.js';
import { fixCell } from './fix-words.js';
import { supplyLine } from './summary-supply.js';
import { introducedLine } from './summary-introduced.js';

/** Manifests listed in one cell; an alert's package can be declared in many. */
const MAX_MANIFESTS = 3;
/** Versions a change adds, listed in one cell. */
const MAX_ADDED = 3;

/** The first 7 characters, as GitHub shortens a commit id (whole characters: the service's text may be anything). */
const shortSha = (sha: string) => code(Array.from(sha).slice(0, 7).join(''), 7);

/** "commit `1a2b3c4` on `main`", or null when the package search says neither. */
function scanWhere(scan: ScanView | null): string | null {
  const commit = scan?.commitSha ? `commit ${shortSha(scan.commitSha)}` : null;
  const branch = scan?.branch ? `${commit ? 'on ' : 'branch '}${code(scan.branch, 100)}` : null;
  const where = [commit, branch].filter((part) => part !== null).join(' ');
  return where === '' ? null : where;
}

function alertsLine(result: GateResult): string {
  const where = scanWhere(result.scan);
  const from = `the service's alerts for the repository, from its last scan${where ? ` (${where})` : ''}`;
  if (result.options.withheldSecrets)
    return `- **Alerts**: ${from}: not read, GitHub passed this run no secrets (a ${result.options.withheldSecrets === 'fork' ? "fork's" : "Dependabot's"} pull request); only what the pull request brings in is judged.`;
  return result.counts === null ? `- **Alerts**: ${from}: not read.` : `- **Alerts**: ${from}.`;
}

/**
 * "pull request 12" or "the merge group", with its base and head commits when the event gave them.
 * No `#12`: the page makes no GitHub reference, its own or the service's (a reader is on that pull
 * request's run anyway).
 */
function changeName(change: ChangeView): string {
  const what =
    change.event === 'merge_group'
      ? 'the merge group'
      : change.pullRequest === null
        ? 'the pull request'
        : `pull request ${change.pullRequest}`;
  const range = change.base && change.head ? ` (${shortSha(change.base)}...${shortSha(change.head)})` : '';
  return `${what}${range}`;
}

/** The lockfiles compared, the first few by name. */
function lockfileNames(files: readonly string[]): string {
  const shown = files.slice(0, 5).map((file) => code(file));
  return files.length > shown.length ? `${shown.join(', ')} and ${files.length - shown.length} more` : shown.join(', ');
}

function changeLine(change: ChangeView | null): string {
  const title = "- **The change's dependencies**";
  if (change === null)
    return `${title}: not a pull request or merge group; the gate judges the repository as last scanned.`;
  switch (change.state) {
    case 'read':
      return change.lockfiles
        ? `${title}: read from the lockfiles themselves for ${changeName(change)}, ${plural(change.entries ?? 0, 'entry', 'entries')}: ${lockfileNames(change.lockfiles.files)}, each compared with its copy at the base commit; their vulnerabilities from OSV. Why: ${escapeText(truncate(change.lockfiles.why, 300))}.`
        : `${title}: read from GitHub's dependency review for ${changeName(change)}, ${plural(change.entries ?? 0, 'entry', 'entries')}.`;
    case 'off':
      return `${title}: not read (\`pr-changes\` is off), so no alert is resolved by ${changeName(change)}.`;
    case 'unavailable':
      return `${title}: not read for ${changeName(change)}, so no alert is resolved: ${escapeText(truncate(change.reason ?? 'the reason is not known.', 600))}`;
  }
}

/** "critical=0, high=30" in severity order, as `grace-days` takes it; null when every severity has 0. */
export function graceDaysText(graceDays: Partial<Record<string, number>>): string | null {
  const given = SEVERITIES.filter((s) => graceDays[s] !== undefined);
  if (given.every((s) => (graceDays[s] ?? 0) <= 0)) return null;
  return given.map((s) => `${s}=${graceDays[s]}`).join(', ');
}

function graceLine(result: GateResult): string {
  const days = graceDaysText(result.options.graceDays);
  return days === null
    ? '- **Grace periods**: none; an alert at or above the threshold fails the gate however new it is.'
    : `- **Grace periods** (\`grace-days\`): ${days}; a severity not listed has none.`;
}

/** Short and near the top: the data the verdict was made of (contract: "What the reports say"). */
export function restsOnSection(result: GateResult): string {
  const catalog = catalogLine(result.knownExploited, result.counts, listedFindings(result));
  const introduced = introducedLine(result.introduced);
  const supply = supplyLine(result.supplyChain, result.options.denyPackages.length);
  const files = baseFilesLine(result);
  return [
    '### What the verdict rests on',
    '',
    alertsLine(result),
    changeLine(result.change),
    ...(introduced === null ? [] : [`- ${introduced}`]),
    ...(supply === null ? [] : [`- ${supply}`]),
    graceLine(result),
    ...(catalog === null ? [] : [`- ${catalog}`]),
    ...[epssLine(result.epss, result.counts)].flatMap((line) => (line === null ? [] : [`- ${line}`])),
    ...(files === null ? [] : [`- ${files}`]),
  ].join('\n');
}

/** A list of codes, the first few then how many more. */
function codeList(items: string[], max: number): string {
  const shown = items.slice(0, max).map((item) => codeCell(item, 120));
  return items.length > max ? `${shown.join(', ')} and ${formatNumber(items.length - max)} more` : shown.join(', ');
}

const RESOLVED_HEADER = ['| Advisory | Package | Severity | Change | Manifests |', '|---|---|---|---|---|'];

function resolvedRow(e: EvaluatedAlert): string {
  const r = e.resolution;
  const change = !r
    ? '—'
    : r.added.length === 0
      ? `${codeCell(r.removed, 60)} removed`
      : `${codeCell(r.removed, 60)} → ${codeList(r.added, MAX_ADDED)}`;
  const cells = [
    advisoryCell(e),
    packageCell(e),
    severityLabel(e.severity),
    change,
    codeList(r?.manifests ?? [], MAX_MANIFESTS),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The alerts that would gate but this pull request resolves, known exploited first, then worst first; null when none. */
export function resolvedSection(alerts: EvaluatedAlert[], maxRows: number, budget: ByteBudget): string | null {
  const resolved = alerts.filter((e) => e.status === 'resolved').sort(exploitedThenWorst);
  if (resolved.length === 0) return null;
  const title = `### Resolved by this pull request (${formatNumber(resolved.length)})`;
  const intro =
    'These would fail the gate, but this pull request removes the vulnerable version from every manifest that declares it.';
  budget.charge(title, '', intro, '');
  const more = (n: number) => `…and ${plural(n, 'more resolved alert')} (see the JSON report).`;
  return [
    title,
    '',
    intro,
    '',
    ...boundedTable(RESOLVED_HEADER, resolved, resolvedRow, { maxRows, budget, more }),
  ].join('\n');
}

const DUE_HEADER = ['| Advisory | Package | Fix | Severity | Due | Days left |', '|---|---|---|---|---|--:|'];

function dueRow(e: EvaluatedAlert): string {
  const cells = [
    advisoryCell(e),
    packageCell(e),
    fixCell(e),
    severityLabel(e.severity),
    e.dueOn ?? '—',
    e.daysLeft === null ? '—' : formatNumber(e.daysLeft),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** Known exploited first (under known-exploited: warn), then soonest, then worst first. */
function byDueDate(a: EvaluatedAlert, b: EvaluatedAlert): number {
  const [x, y] = [a.dueOn ?? '', b.dueOn ?? ''];
  return knownExploitedFirst(a, b) || (x < y ? -1 : x > y ? 1 : worstFirst(a, b));
}

/** The alerts inside their grace period, known exploited first, then soonest first; null when none. */
export function dueSection(alerts: EvaluatedAlert[], maxRows: number, budget: ByteBudget): string | null {
  const due = alerts.filter((e) => e.status === 'due').sort(byDueDate);
  if (due.length === 0) return null;
  const title = `### Coming due (${formatNumber(due.length)})`;
  const intro = 'Inside their grace period (`grace-days`): each fails the gate from its due date (UTC) on.';
  budget.charge(title, '', intro, '');
  const more = (n: number) => `…and ${plural(n, 'more alert')} coming due (see the JSON report).`;
  return [title, '', intro, '', ...boundedTable(DUE_HEADER, due, dueRow, { maxRows, budget, more })].join('\n');
}

/** What an alert the change touches still is, in a word or two. */
function statusText(e: EvaluatedAlert): string {
  switch (e.status) {
    case 'gating':
      return `${RULE_WORDS[e.disposition.rule].gatingCell ?? '❌ fails the gate'}${e.dueOn === null ? '' : `, overdue since ${e.dueOn}`}`;
    case 'due':
      return `⏳ due ${e.dueOn ?? '—'}`;
    case 'allowed':
      return allowedWords(e.allowedBy);
    case 'below-threshold':
      return e.disposition.reason;
    case 'unreachable':
      return 'only unreachable (ignored)';
    case 'not-alerted':
      return 'not alerted by the service';
    case 'resolved':
      return '✅ resolved';
    case 'not-affected':
      return 'not affected (VEX)';
    case 'existing':
      return 'already on the base (`existing-alerts: warn`)';
    case 'out-of-scope':
      return 'in a scope that does not gate (`fail-on-scopes`)';
  }
}

const CHANGED_HEADER = ['| Advisory | Package | Severity | Status |', '|---|---|---|---|'];

/**
 * The other alerts whose package the pull request adds or removes: those it fixes though they did not
 * gate, and those it does not resolve; known exploited first, then worst first, each with what it
 * still is; null when none.
 */
/** What the change does to the listed alerts: fixes them all, some, or none. */
function changedIntro(fixed: number, all: number): string {
  if (fixed === all)
    return 'This pull request removes the vulnerable version of these packages: it fixes these alerts, though they do not fail the gate.';
  if (fixed === 0)
    return 'This pull request adds or removes a version of these packages without resolving their alerts.';
  return 'This pull request adds or removes a version of these packages: it fixes some alerts that do not fail the gate, and does not resolve the others.';
}

export function changedSection(result: GateResult, maxRows: number, budget: ByteBudget): string | null {
  const changed = result.alerts.filter((e) => e.changedByPullRequest || fixedOnly(e)).sort(exploitedThenWorst);
  if (changed.length === 0) return null;
  const title = `### Changed by this pull request (${formatNumber(changed.length)})`;
  const intro = changedIntro(changed.filter(fixedOnly).length, changed.length);
  budget.charge(title, '', intro, '');
  const status = (e: EvaluatedAlert) => (fixedOnly(e) ? `✅ ${FIXED_LABEL} (${statusText(e)})` : statusText(e));
  const row = (e: EvaluatedAlert) =>
    `| ${[advisoryCell(e), codeCell(e.package, 120), severityLabel(e.severity), status(e)].join(' | ')} |`;
  const more = (n: number) => `…and ${plural(n, 'more alert')} (see the JSON report).`;
  return [title, '', intro, '', ...boundedTable(CHANGED_HEADER, changed, row, { maxRows, budget, more })].join('\n');
}
