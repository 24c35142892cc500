// Before any advisory, in the job summary and the PR comment (contract: "Before any advisory",
// "Reported"): each version the checks found something of (too new, malicious, denied) with its
// marks and what the verdict made of it, gating first; how many others passed every check; and one
// line in "What the verdict rests on" saying which checks ran against which source.
import { osvVulnerabilityUrl, type EvaluatedSupplyChainEntry, type SupplyChainView } from '../model.js';
import type { ByteBudget } from './budget.js';
import { formatNumber, plural } from './format.js';
import { codeCell, escapeCell, linkCell } from './markdown.js';
import { RULE_WORDS, durationWords } from './rule-words.js';
import { allowedWords, boundedTable } from './summary-alerts.js';
import { deniedMark, hasMark, tooNewMark } from './supply-marks.js';

const HEADER = ['| Package | Found in | Scope | Marks | Status |', '|---|---|---|---|---|'];
const MAX_MANIFESTS = 3;

function supplyStatusCell(e: EvaluatedSupplyChainEntry): string {
  if (e.status === 'gating') return RULE_WORDS[e.disposition.rule].gatingCell ?? '❌ fails the gate';
  if (e.status === 'allowed') return allowedWords(e.allowedBy);
  if (e.disposition.flagged) {
    const mode = e.malicious?.length ? '`malicious: warn`' : '`pr-introduced: warn`';
    return `⚠️ would fail the gate (${mode})`;
  }
  return escapeCell(e.disposition.reason, 120);
}

/** The marks, the MAL- ids linked to OSV's records. */
function supplyMarksCell(e: EvaluatedSupplyChainEntry): string {
  const marks: string[] = [];
  const denied = deniedMark(e);
  if (denied) marks.push(escapeCell(denied, 160));
  const ids = e.malicious ?? [];
  if (ids.length > 0) marks.push(`malicious: ${ids.map((id) => linkCell(id, osvVulnerabilityUrl(id), 40)).join(', ')}`);
  const young = tooNewMark(e);
  if (young) marks.push(escapeCell(young, 160));
  return marks.join('<br>');
}

function supplyFoundCell(e: EvaluatedSupplyChainEntry): string {
  const shown = e.manifests.slice(0, MAX_MANIFESTS).map((m) => codeCell(m, 120));
  const more =
    e.manifests.length > MAX_MANIFESTS ? ` and ${formatNumber(e.manifests.length - MAX_MANIFESTS)} more` : '';
  const where = `${shown.join(', ')}${more}` || '—';
  return e.source === 'service' ? `${where} (listed by the service)` : where;
}

function supplyRow(e: EvaluatedSupplyChainEntry): string {
  const cells = [
    codeCell(`${e.name}@${e.version}`, 120),
    supplyFoundCell(e),
    e.source === 'service' ? '—' : e.scope ? escapeCell(e.scope, 20) : '—',
    supplyMarksCell(e),
    supplyStatusCell(e),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The entries the checks found something of, or null when there are none (and nothing to say). */
export function supplySection(view: SupplyChainView | null, maxRows: number, budget: ByteBudget): string | null {
  if (view === null) return null;
  const marked = view.entries.filter(hasMark);
  if (marked.length === 0) return null;
  const gating = marked.filter((e) => e.disposition.gates).length;
  const brought = view.entries.filter((e) => e.source === 'change').length;
  const clean = view.entries.length - marked.length;
  const title = `### Before any advisory (${formatNumber(marked.length)})`;
  const intro =
    `Versions ${brought > 0 ? 'this pull request brings in' : 'the service lists'} that are too new, known malicious or denied, ` +
    `found without any advisory: ${gating === 0 ? 'none fails' : `${formatNumber(gating)} ${gating === 1 ? 'fails' : 'fail'}`} the gate` +
    (clean > 0 ? `; ${plural(clean, 'other version')} passed every check.` : '.');
  budget.charge(title, '', intro, '');
  const more = (n: number) => `…and ${plural(n, 'more version')} (see the JSON report).`;
  return [title, '', intro, '', ...boundedTable(HEADER, marked, supplyRow, { maxRows, budget, more })].join('\n');
}

/** "What the verdict rests on": which checks ran, against which source, and what they found; null when none is on. */
export function supplyLine(view: SupplyChainView | null, denyEntries: number): string | null {
  if (view === null) return null;
  const brought = view.entries.filter((e) => e.source === 'change');
  const parts: string[] = [];
  const age = view.releaseAge;
  if (age) {
    const young = brought.filter((e) => e.releaseAge === 'too-new' || e.releaseAge === 'unknown').length;
    const notCovered =
      age.notCovered.count > 0
        ? `; ${plural(age.notCovered.count, 'version')} of ${age.notCovered.ecosystems.join(', ')} not covered, not judged`
        : '';
    parts.push(
      age.read
        ? `release age (\`min-release-age: ${durationWords(age.minAgeMs)}\`, ${codeCell(age.source, 80)}): ${formatNumber(young)} too new${notCovered}`
        : `release age (${codeCell(age.source, 80)}): not read`,
    );
  }
  const osv = view.malicious;
  if (osv) {
    const listed = brought.filter((e) => (e.malicious?.length ?? 0) > 0).length;
    parts.push(
      osv.read
        ? `malicious packages (\`malicious: ${osv.mode}\`, ${codeCell(osv.source, 80)}): ${formatNumber(listed)} found`
        : `malicious packages (${codeCell(osv.source, 80)}): not read`,
    );
  }
  if (denyEntries > 0) {
    const denied = view.entries.filter((e) => e.denied !== null).length;
    parts.push(
      `denied packages (${plural(denyEntries, '`deny-packages` entry', '`deny-packages` entries')}): ${formatNumber(denied)} found`,
    );
  }
  const kept = view.private > 0 ? ` (${plural(view.private, 'private version')} asked of no outside source)` : '';
  const what =
    brought.length > 0 || view.releaseAge || view.malicious
      ? `${plural(brought.length, 'version')} brought in${kept}; `
      : '';
  return `**Before any advisory**: ${what}${parts.join('; ')}.`;
}
