// What the reports say of FIRST's EPSS scores (contract: "Exploit prediction (EPSS)"): the mark
// beside each alert wherever alerts are listed (`EPSS 97.2% · p99`, or "no EPSS score" for a CVE the
// source does not score), the SARIF property, and one line on the scores as read (source, score date,
// model version) in "What the verdict rests on". Scores, dates and CVE ids were checked when parsed
// (fractions, YYYY-MM-DD, CVE-YYYY-N), so they pass as the action's own text; the model version does not.
import { gatesByMark, type AlertCounts, type EpssScore, type EpssView, type EvaluatedAlert } from '../model.js';
import { decimalText } from '../numbers.js';
import { formatNumber, formatPercent, plural } from './format.js';
import { code, escapeText, truncate } from './markdown.js';

/** 0.99987 -> "p99": a percentile as a whole percent, rounded down (0.99 is p99, however it is stored). */
export const epssPercentileLabel = (percentile: number): string => `p${Math.floor(percentile * 100 + 1e-9)}`;

/** "EPSS 97.2% · p99"; "no EPSS score" when the scores were read and none of its CVE ids is scored; '' otherwise. */
export function epssMark(e: Pick<EvaluatedAlert, 'epss' | 'epssMissing'>): string {
  if (e.epss) return `EPSS ${formatPercent(e.epss.probability)} · ${epssPercentileLabel(e.epss.percentile)}`;
  return e.epssMissing ? 'no EPSS score' : '';
}

/** A cell's text with the EPSS mark after it, when there is one. */
export const withEpssMark = (cell: string, e: Pick<EvaluatedAlert, 'epss' | 'epssMissing'>): string => {
  const mark = epssMark(e);
  return mark === '' ? cell : `${cell} ${mark}`;
};

/**
 * Plain text for annotations: "EPSS 97.2% · p99 (CVE-2021-44228, 2025-03-14)", and that it fails the
 * gate for that when it does; null without a score.
 */
export function epssNote(e: Pick<EvaluatedAlert, 'epss' | 'status' | 'disposition'>): string | null {
  if (e.epss === null) return null;
  const { cve, date } = e.epss;
  const effect = gatesByMark(e.disposition, 'epss')
    ? ': at or above the epss threshold, it fails the gate whatever its severity'
    : '';
  return `${epssMark(e)} (${cve}, ${date})${effect}`;
}

/** SARIF result properties: `epss`, FIRST's fractions of the CVE scored highest; none without a score. */
export const epssProperties = (e: Pick<EvaluatedAlert, 'epss'>): { epss?: EpssScore } =>
  e.epss === null ? {} : { epss: { ...e.epss } };

/**
 * Markdown, one line for "What the verdict rests on": where the scores were read, their date and
 * model version, how many were scored and gate, and what that does to the verdict; or that they
 * could not be read and what follows. null when epss is off.
 */
export function epssLine(view: EpssView | null, counts: AlertCounts | null): string | null {
  if (view === null) return null;
  // The threshold as the decimal it is (0.011), never rounded to a tenth (`epss: 0` for 1.1%).
  const setting = view.threshold === null ? 'show' : decimalText(view.threshold);
  const title = `**Exploit prediction** (\`epss: ${setting}\`)`;
  const from = `FIRST's EPSS scores from ${code(view.source, 200)}`;
  if (!view.read) {
    const consequence =
      view.threshold !== null
        ? 'so this run cannot pass (no verdict, unless an alert fails the gate anyway)'
        : 'so no alert shows an EPSS score in this run';
    return `${title}: ${from}: not read, ${consequence}: ${escapeText(truncate(view.error ?? 'the reason is not known.', 600))}`;
  }
  const about = [
    view.scoreDate === null ? null : `score date ${view.scoreDate}`,
    view.modelVersion === null ? null : `model ${code(view.modelVersion, 60)}`,
  ].filter((part) => part !== null);
  const scored =
    view.asked === null ? '' : `, ${formatNumber(view.scored ?? 0)} of ${plural(view.asked, 'CVE id')} scored`;
  const at = counts?.epss == null ? '' : `, ${plural(counts.epss, 'alert')} at or above the threshold`;
  const effect =
    view.threshold === null
      ? 'Scores are shown; they do not change the verdict.'
      : `An alert whose probability is at or above ${formatPercent(view.threshold, 'exact')} fails the gate whatever its severity, with no grace period; a CVE without a score never gates by EPSS.`;
  return `${title}: ${from}${about.length > 0 ? ` (${about.join(', ')})` : ''}${scored}${at}. ${effect}`;
}

/** An alert that gates by its probability alone says why it gates at all; null otherwise. */
export function epssGatingNote(e: Pick<EvaluatedAlert, 'epss' | 'status' | 'disposition'>): string | null {
  if (e.epss === null || !gatesByMark(e.disposition, 'epss')) return null;
  return `**Likely to be exploited** (EPSS ${formatPercent(e.epss.probability)} for ${e.epss.cve}, at or above the epss threshold), so it fails the gate whatever its severity.`;
}
