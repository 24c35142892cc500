// The posture part of the job summary: risk, open issues, and the trend over the window as sparklines.
// Sparklines, not a Mermaid chart: they render in every viewer (job summary, PR comment, raw text).
// The service's posture is the organization's (or the project's, with `project-id`); only its
// `repositoryRiskScores` row is this repository's, so every figure says whose it is.
import type { PostureView } from '../model.js';
import { formatNumber, plural, SEVERITY_MARKERS } from './format.js';
import { code, escapeCell, escapeText } from './markdown.js';
import { seriesStats, sparkline } from './sparkline.js';

type Trend = PostureView['posture']['trends'][number];
type Summary = PostureView['posture']['summary'];

/** Whose the service's statistics are: `project` when `project-id` narrowed them, else `organization`. */
/** The service sends these figures as bare numbers: a reader must not take a unit for granted. */
const NO_UNIT = '(unit not given by the service)';

export function postureScope(projectId: string | null): string {
  return projectId ? 'project' : 'organization';
}

export function postureSection(view: PostureView | null, projectId: string | null): string {
  if (view === null) return '### Security posture\n\nPosture not available.';
  const title = `### Security posture, ${escapeText(view.startDate)} to ${escapeText(view.endDate)}`;
  const scope = postureScope(projectId);
  return [title, '', ...headline(view, scope, projectId), '', ...trendLines(view.posture.trends, scope)].join('\n');
}

function headline(view: PostureView, scope: string, projectId: string | null): string[] {
  const { summary } = view.posture;
  const repo = view.repository;
  const trend = summary.riskTrend ? `, trend ${escapeText(summary.riskTrend)}` : '';
  const whole = `${scope.charAt(0).toUpperCase()}${scope.slice(1)}${projectId ? ` ${code(projectId, 100)}` : ''}`;
  const issues = `open issues ${openIssues(summary)} · mean remediation time ${formatNumber(summary.meanRemediationTime)} ${NO_UNIT}`;
  const lines = repo
    ? [
        `**Risk score ${formatNumber(repo.riskScore)}** (service scale; this repository${repo.name ? `, ${code(repo.name, 100)}` : ''}): ` +
          `${repo.openIssues === null ? 'open issues not available' : plural(repo.openIssues, 'open issue')}, ` +
          `${formatNumber(repo.criticalIssues)} critical.`,
        `${whole}: risk score (service scale) ${formatNumber(summary.overAllRiskScore)}${trend} · ${issues}`,
      ]
    : [`**Risk score ${formatNumber(view.riskScore)}** (service scale; ${scope})${trend}`, `${whole}: ${issues}`];
  // Two-space line ends: separate lines in Markdown without a blank line between them.
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}  ` : line));
}

/**
 * `🔴 2 critical · 🟠 5 high · 🟡 9 medium · 🔵 4 low (20 in all)`: the parts add up to the total. The
 * service's total also counts issues of no listed severity; those are shown as `other`, and a total
 * that the parts exceed is named as the service's own figure.
 */
function openIssues(summary: Summary): string {
  const parts: [string, number | null][] = [
    [`${SEVERITY_MARKERS.critical} {n} critical`, summary.criticalIssues],
    [`${SEVERITY_MARKERS.high} {n} high`, summary.highIssues],
    [`${SEVERITY_MARKERS.medium} {n} medium`, summary.mediumIssues],
    [`${SEVERITY_MARKERS.low} {n} low`, summary.lowIssues],
  ];
  const listed = parts.map(([label, n]) => label.replace('{n}', formatNumber(n)));
  const total = summary.totalOpenIssues;
  if (total === null) return listed.join(' · ');
  const counts = parts.map(([, n]) => n);
  const known = counts.every((n) => n !== null);
  const sum = counts.reduce<number>((a, n) => a + (n ?? 0), 0);
  const other = total - sum;
  if (known && other > 0) listed.push(`${SEVERITY_MARKERS.unknown} ${formatNumber(other)} other`);
  const all =
    known && other >= 0 ? `(${formatNumber(total)} in all)` : `(the service counts ${formatNumber(total)} in all)`;
  return `${listed.join(' · ')} ${all}`;
}

function trendRow(label: string, values: (number | null)[]): string | null {
  const stats = seriesStats(values);
  if (stats === null) return null;
  const cells = [
    label,
    code(sparkline(values)),
    formatNumber(stats.min),
    formatNumber(stats.max),
    `${formatNumber(stats.first)} → ${formatNumber(stats.last)}`,
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The trend in date order (the model sorts it), oldest first, as the chart reads left to right. */
function trendLines(trends: Trend[], scope: string): string[] {
  const rows = [
    trendRow(
      `Risk score (${scope}, service scale)`,
      trends.map((t) => t.riskScore),
    ),
    trendRow(
      `Open issues (${scope})`,
      trends.map((t) => t.openIssues),
    ),
  ].filter((row) => row !== null);
  const first = trends[0];
  const last = trends[trends.length - 1];
  if (rows.length === 0 || !first || !last) return ['No trend data for the window.'];
  return [
    '| Trend | Chart | Min | Max | First → last |',
    '|---|---|--:|--:|--:|',
    ...rows,
    '',
    `${plural(trends.length, 'data point')} from ${escapeCell(first.date, 20)} to ${escapeCell(last.date, 20)}.`,
  ];
}
