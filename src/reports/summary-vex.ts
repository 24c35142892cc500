// VEX in the job summary and the PR comment (contract: "VEX statements"): each alert (and finding) a
// statement speaks of, with the statement's status and why, its document (@id, index, author); then the
// statements that speak of nothing read, so that a typo in an id or a package URL shows ("never
// silently deaf").
import type { GateResult, VexMark, VexUnmatched } from '../model.js';
import type { ByteBudget } from './budget.js';
import { formatNumber, plural } from './format.js';
import { code, codeCell, escapeCell } from './markdown.js';
import { statementWords } from './vex-marks.js';
import { boundedTable } from './summary-alerts.js';
import { packageLabel } from '../packages/locations.js';

const HEADER = ['| VEX | Advisory | Package | Statement | Document |', '|---|---|---|---|---|'];
/** Statements that matched nothing, listed by name; the JSON report lists them all. */
const MAX_UNMATCHED = 5;

/** The mark beside an alert: spared (not affected, fixed), or only shown (affected, under investigation). */
const MARKS: Record<VexMark['status'], string> = {
  not_affected: '🛡️ not affected',
  fixed: '🛡️ fixed',
  affected: '⚠️ affected',
  under_investigation: '🔎 under investigation',
};

function saysCell(mark: VexMark): string {
  const words = statementWords(mark);
  return words ? escapeCell(words, 160) : '—';
}

interface Row {
  advisory: string;
  pkg: string;
  mark: VexMark;
}

function vexRow({ advisory, pkg, mark }: Row): string {
  const author = mark.author ? ` by ${escapeCell(mark.author, 80)}` : '';
  const source = `${escapeCell(mark.document, 120)} ${code(`statements[${mark.statement}]`)}${author}`;
  return `| ${MARKS[mark.status]} | ${codeCell(advisory, 80)} | ${pkg ? codeCell(packageLabel(pkg), 120) : '—'} | ${saysCell(mark)} | ${source} |`;
}

function rowsOf(result: GateResult): Row[] {
  const alerts = result.alerts.flatMap((a) => (a.vex ? [{ advisory: a.advisory, pkg: a.package, mark: a.vex }] : []));
  const findings = (result.introduced?.findings ?? []).flatMap((f) =>
    f.vex ? [{ advisory: f.advisory, pkg: f.packageUrl ?? `${f.name}@${f.version}`, mark: f.vex }] : [],
  );
  // Spared first: they are what the documents changed.
  const spared = (r: Row) => (r.mark.status === 'not_affected' || r.mark.status === 'fixed' ? 0 : 1);
  return [...alerts, ...findings].sort((a, b) => spared(a) - spared(b));
}

/** "3 statements matched nothing read: …"; null when all matched, or (alerts not all read) none can be said to. */
function unmatchedLines(unmatched: VexUnmatched[] | null): string[] {
  if (unmatched === null) return ['The alerts were not all read, so no statement is said to match nothing.'];
  if (unmatched.length === 0) return [];
  const listed = unmatched.slice(0, MAX_UNMATCHED).map((u) => {
    const packages =
      u.packages.length > 0
        ? u.packages
            .slice(0, 2)
            .map((p) => code(p, 120))
            .join(', ')
        : 'no package URL';
    return `- ${code(u.vulnerability, 80)} on ${packages}: ${code(u.file, 120)} ${code(`statements[${u.statement}]`)}`;
  });
  const more =
    unmatched.length > MAX_UNMATCHED
      ? [`- …and ${formatNumber(unmatched.length - MAX_UNMATCHED)} more (see the JSON report).`]
      : [];
  return [
    `**${plural(unmatched.length, 'statement')} matched nothing read** (check the vulnerability id and the package URL):`,
    '',
    ...listed,
    ...more,
  ];
}

/** The section, or null when vex-files is empty. */
export function vexSection(result: GateResult, maxRows: number, budget: ByteBudget): string | null {
  const view = result.vex;
  if (view === null) return null;
  const rows = rowsOf(result);
  const statements = view.files.reduce((n, f) => n + f.statements, 0);
  const spared = result.counts?.vex ?? 0;
  const title = `### VEX statements (${formatNumber(rows.length)})`;
  const intro = `${plural(view.files.length, 'document')}, ${plural(statements, 'statement')} read (\`vex-files\`): ${formatNumber(spared)} ${spared === 1 ? 'alert' : 'alerts'} not affected or fixed, which ${spared === 1 ? 'does' : 'do'} not fail the gate.`;
  const unmatched = unmatchedLines(view.unmatched);
  budget.charge(title, '', intro, '', ...unmatched, '');
  const more = (n: number) => `…and ${plural(n, 'more alert')} a statement speaks of (see the JSON report).`;
  const table = rows.length > 0 ? ['', ...boundedTable(HEADER, rows, vexRow, { maxRows, budget, more })] : [];
  return [title, '', intro, ...table, ...(unmatched.length > 0 ? ['', ...unmatched] : [])].join('\n');
}
