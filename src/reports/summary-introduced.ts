// What the pull request brings in, in the job summary and the PR comment (contract: "Brought in by
// the pull request"): listed first after the verdict, each vulnerability with its advisory linked on
// GitHub, the package and version, the manifests that add it, GitHub's scope, its marks, and what the
// verdict made of it; and one line on it in "What the verdict rests on".
import type { EvaluatedFinding, GateResult, IntroducedView } from '../model.js';
import type { ByteBudget } from './budget.js';
import { formatNumber, plural, severityLabel } from './format.js';
import { withEpssMark } from './epss.js';
import { kevMark } from './known-exploited.js';
import { fixCell } from './fix-words.js';
import { codeCell, escapeCell, linkCell } from './markdown.js';
import { RULE_WORDS } from './rule-words.js';
import { allowedWords, boundedTable } from './summary-alerts.js';
import { vexRowNote } from './vex-marks.js';

const HEADER = [
  '| Severity | Advisory | Package | Fix | Manifests | Scope | Status |',
  '|---|---|---|---|---|---|---|',
];
/** Manifests listed in one cell. */
const MAX_MANIFESTS = 3;

/** What the verdict made of a finding, in a few words. */
function statusCell(f: EvaluatedFinding): string {
  switch (f.status) {
    case 'gating':
      return RULE_WORDS[f.disposition.rule].gatingCell ?? '❌ fails the gate';
    case 'allowed':
      return allowedWords(f.allowedBy);
    default:
      return f.disposition.flagged
        ? '⚠️ would fail the gate (`pr-introduced: warn`)'
        : escapeCell(f.disposition.reason, 120);
  }
}

function manifestsCell(manifests: string[]): string {
  const shown = manifests.slice(0, MAX_MANIFESTS).map((m) => codeCell(m, 120));
  const more = manifests.length > MAX_MANIFESTS ? ` and ${formatNumber(manifests.length - MAX_MANIFESTS)} more` : '';
  return `${shown.join(', ')}${more}`;
}

function findingRow(f: EvaluatedFinding): string {
  const mark = kevMark(f);
  // A finding the statement spares says so in its status already.
  const vex = f.status === 'not-affected' ? null : vexRowNote(f.vex);
  const cells = [
    severityLabel(f.severity),
    withEpssMark(`${linkCell(f.advisory, f.url, 80)}${mark ? ` ${mark}` : ''}`, f),
    codeCell(`${f.name}@${f.version}`, 120),
    fixCell(f),
    manifestsCell(f.manifests),
    f.scope ? escapeCell(f.scope, 20) : '—',
    vex === null ? statusCell(f) : `${statusCell(f)} ${vex}`,
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The findings' table, or null when nothing is brought in (or it was not judged). */
export function introducedSection(
  view: IntroducedView | null,
  maxRows: number,
  budget: ByteBudget,
  who = 'GitHub',
): string | null {
  if (view === null || view.findings.length === 0) return null;
  const gating = view.findings.filter((f) => f.disposition.gates).length;
  const title = `### Brought in by this pull request (${formatNumber(view.findings.length)})`;
  const intro =
    `Vulnerabilities ${who} lists on packages this pull request adds, which the service has not scanned yet` +
    (view.mode === 'warn'
      ? ': `pr-introduced` is warn, so they do not fail the gate.'
      : `: ${gating === 0 ? 'none fails' : `${formatNumber(gating)} ${gating === 1 ? 'fails' : 'fail'}`} the gate.`);
  budget.charge(title, '', intro, '');
  const more = (n: number) => `…and ${plural(n, 'more vulnerability', 'more vulnerabilities')} (see the JSON report).`;
  return [title, '', intro, '', ...boundedTable(HEADER, view.findings, findingRow, { maxRows, budget, more })].join(
    '\n',
  );
}

/** "What the verdict rests on": what the pull request brings in, counted; null when it is not judged. */
export function introducedLine(view: IntroducedView | null): string | null {
  if (view === null) return null;
  const title = `**Brought in by the pull request** (\`pr-introduced: ${view.mode}\`)`;
  const n = view.findings.length;
  if (n === 0) return `${title}: no vulnerability on the packages it adds.`;
  const gating = view.findings.filter((f) => f.disposition.gates).length;
  const effect =
    view.mode === 'warn' ? 'listed, not gated' : `${formatNumber(gating)} ${gating === 1 ? 'fails' : 'fail'} the gate`;
  return `${title}: ${plural(n, 'vulnerability', 'vulnerabilities')} on the packages it adds, ${effect}.`;
}

/** Who lists the vulnerabilities brought in: OSV when the change was read from the lockfiles, else GitHub. */
export const listedBy = (result: Pick<GateResult, 'change'>): string => (result.change?.lockfiles ? 'OSV' : 'GitHub');
