// The posture part of the job summary: risk, open issues, and the trend over the window as sparklines.
// Sparklines, not a Mermaid chart: they render in every viewer (job summary, PR comment, raw text).
import type { PostureView } from '../model.js';
import { formatNumber, plural, SEVERITY_MARKERS } from './format.js';
import { code, escapeCell, escapeText } from './markdown.js';
import { seriesStats, sparkline } from './sparkline.js';

type Trend = PostureView['posture']['trends'][number];

export function postureSection(view: PostureView | null): string {
  if (view === null) return '### Security posture\n\nPosture not available.';
  const title = `### Security posture, ${escapeText(view.startDate)} to ${escapeText(view.endDate)}`;
  return [title, '', ...headline(view), '', ...trendLines(view.posture.trends)].join('\n');
}

function headline(view: PostureView): string[] {
  const { summary } = view.posture;
  const scope = view.repository ? 'this repository' : 'organisation';
  const lines = [
    `**Risk score ${formatNumber(view.riskScore)}** (${scope}) · trend: ${escapeCell(summary.riskTrend ?? '', 40) || '—'}`,
    `Open issues: ${SEVERITY_MARKERS.critical} ${formatNumber(summary.criticalIssues)} critical · ` +
      `${SEVERITY_MARKERS.high} ${formatNumber(summary.highIssues)} high · ` +
      `${SEVERITY_MARKERS.medium} ${formatNumber(summary.mediumIssues)} medium · ` +
      `${SEVERITY_MARKERS.low} ${formatNumber(summary.lowIssues)} low ` +
      `(${formatNumber(summary.totalOpenIssues)} in all) · mean remediation time ${formatNumber(summary.meanRemediationTime)}`,
  ];
  const repo = view.repository;
  if (repo) {
    lines.push(
      `This repository (${code(repo.name, 100) || '—'}): risk score ${formatNumber(repo.riskScore)}, ` +
        `${repo.openIssues === null ? 'open issues not available' : plural(repo.openIssues, 'open issue')}, ${formatNumber(repo.criticalIssues)} critical.`,
    );
  }
  // Two-space line ends: separate lines in Markdown without a blank line between them.
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}  ` : line));
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

function trendLines(trends: Trend[]): string[] {
  const rows = [
    trendRow('Risk score', trends.map((t) => t.riskScore)),
    trendRow('Open issues', trends.map((t) => t.openIssues)),
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
