// The job summary: one Markdown page rendered from the result model, verdict first, under GitHub's
// 1 MiB step-summary limit however many alerts there are.
import {
  fromPolicyFile,
  SEVERITIES,
  VERDICT_RULES,
  type AlertCounts,
  type GateResult,
  type ScheduleView,
  type SettingChange,
} from '../model.js';
import { ByteBudget, byteLength, cutToBytes } from './budget.js';
import { formatMinutes, formatNumber, formatUtcDateTime, plural, SEVERITY_MARKERS } from './format.js';
import { code, codeCell, escapeCell, escapeText, truncate } from './markdown.js';
import { verdictHeadline } from './headline.js';
import { replacedListsText } from './replaced-lists.js';
import { RULE_WORDS } from './rule-words.js';
import { allowedSection, existingSection, gatingSection, notGatingLine } from './summary-alerts.js';
import { dueSection, resolvedSection, restsOnSection } from './summary-change.js';
import { exceptionsSection, SAID_AS_EXCEPTIONS } from './summary-exceptions.js';
import { introducedSection, listedBy } from './summary-introduced.js';
import { supplySection } from './summary-supply.js';
import { nextStepsSection } from './summary-next-steps.js';
import { vexSection } from './summary-vex.js';
import { licenseSection } from './summary-licenses.js';
import { policyChangesSection } from './summary-policy-changes.js';
import { postureScope, postureSection } from './summary-posture.js';

export interface SummaryOptions {
  /** Rows per alert table (gating, resolved, coming due, allowed); default 50. */
  maxAlerts?: number;
  /** Size limit of the whole page in UTF-8 bytes; default 1,000,000 (GitHub refuses more than 1 MiB). */
  maxBytes?: number;
  /** The clock for "next run in …"; default the result's generatedAt. */
  now?: Date;
}

export const SUMMARY_MAX_BYTES = 1_000_000;
export const SUMMARY_MAX_ALERTS = 50;
/** Warnings and errors listed; a hostile server could make thousands. */
const MAX_LIST_ITEMS = 50;

const VERDICT = {
  pass: { marker: '✅', word: 'Passed', heading: 'Passes' },
  fail: { marker: '❌', word: 'Failed', heading: 'Fails' },
  error: { marker: '⚠️', word: 'Error', heading: 'No verdict' },
} as const;

export function renderSummary(result: GateResult, options: SummaryOptions = {}): string {
  const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES;
  const maxAlerts = options.maxAlerts ?? SUMMARY_MAX_ALERTS;
  const now = options.now ?? validDate(result.generatedAt) ?? new Date();
  const head = [verdictSection(result), countsSection(result), restsOnSection(result)];
  const notGating = notGatingLine(result);
  const nextSteps = nextStepsSection(result);
  const tail = [
    policyChangesSection(result.options),
    // On a pull request the organization's figures are not its story: there, folded away; without
    // the service's secrets there are none to show.
    ...(result.options.withheldSecrets
      ? []
      : [
          foldedOnPullRequest(result, postureSection(result.posture, result.options.projectId)),
          foldedOnPullRequest(result, timeSavedSection(result)),
          scheduleSection(result.schedule, now),
        ]),
    settingsSection(result.settings),
    exceptionsSection(result),
    listSection(
      'Warnings',
      '⚠️',
      result.warnings.filter((w) => !SAID_AS_EXCEPTIONS.includes(w.kind)).map((w) => w.message),
    ),
    listSection(
      'Errors',
      '❌',
      result.errors.map((e) => e.message),
    ),
    // What to do ends every failing page (contract: "The blocked developer first").
    nextSteps,
  ].filter((section) => section !== null);
  // The other parts are small and capped; the alert tables get whatever bytes are left
  // (less the blank lines that join them to the page).
  const fixed = [...head, ...tail, ...[notGating].filter((part) => part !== null)];
  const budget = new ByteBudget(maxBytes - byteLength(joinSections(fixed)) - 8);
  const alerts = [
    supplySection(result.supplyChain, maxAlerts, budget),
    introducedSection(result.introduced, maxAlerts, budget, listedBy(result)),
    gatingAlertsSection(result, maxAlerts, budget),
    existingSection(result.alerts, maxAlerts, budget),
    resolvedSection(result.alerts, maxAlerts, budget),
    dueSection(result.alerts, maxAlerts, budget),
    licenseSection(result.licenses, result.blobUrl, maxAlerts, budget),
    allowedSection(result.alerts, maxAlerts, budget),
    vexSection(result, maxAlerts, budget),
    notGating,
  ].filter((section) => section !== null);
  const page = joinSections([...head, ...alerts, ...tail]);
  return cutToBytes(page, maxBytes, '…the rest of this summary was cut to stay under the size limit.');
}

function joinSections(sections: string[]): string {
  return `${sections.join('\n\n')}\n`;
}

function validDate(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** The gating alerts, or that they are not known when the alerts were not read. */
export function gatingAlertsSection(result: GateResult, maxRows: number, budget: ByteBudget): string {
  return result.counts === null || result.options.withheldSecrets
    ? NOT_READ_GATING
    : gatingSection(result.verdict.gating, maxRows, budget, {
        noVerdict: result.result === 'error',
        blobUrl: result.blobUrl,
      });
}

/**
 * The heading carries the verdict and why, in words a blocked developer reads first ("Fails: this
 * pull request brings in log4j-core 2.14.1 (critical)"; contract: "The blocked developer first"), and
 * the alerts resolved and coming due when there are any; then pass/fail/error for the repository and
 * every reason in one line. The job summary and the PR comment both start with it.
 */
export function verdictSection(result: GateResult): string {
  const { marker, word, heading } = VERDICT[result.result];
  const why =
    result.result === 'error'
      ? oneLineOf(
          result.errors.map((e) => e.message),
          'the service could not be read.',
        )
      : oneLineOf(result.verdict.reasons, 'no alert fails the gate.');
  const { id, name } = result.repository;
  // A run stopped before the repository was found has no id, and may have no name either.
  const [first, second] = [code(name ?? '', 100), code(id, 100)].filter((part) => part !== '');
  const repository = first === undefined ? 'an unknown repository' : second ? `${first} (${second})` : first;
  const spared = sparedCounts(result.counts);
  // A `#` run at the end of the headline would close the heading only where it ends it.
  const words = verdictHeadline(result, truncate((name || id).trim(), 100));
  const title = `## Security gate: ${marker} ${heading}: ${escapeText(truncate(words, 200), { endsHeading: spared === '' })}${spared}`;
  return `${title}\n\n${marker} **${word}** for ${repository}: ${why}`;
}

/** " (2 resolved, 1 coming due)": the alerts that would gate but do not (yet); '' when none. */
function sparedCounts(counts: AlertCounts | null): string {
  const parts = [
    counts?.resolved ? `${formatNumber(counts.resolved)} resolved` : null,
    counts?.due ? `${formatNumber(counts.due)} coming due` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** Sentences joined and escaped, cut so the verdict stays one readable line. */
function oneLineOf(sentences: string[], fallback: string): string {
  return sentences.length > 0 ? escapeText(truncate(sentences.join(' '), 400)) : fallback;
}

/** Alerts not read: no count, and nothing said of what fails the gate (contract, "Outputs"). */
const NOT_READ =
  'The alerts were not read: there is no count by severity, and which of them would fail the gate is not known.';
const NOT_READ_GATING = '### Gating alerts\n\nNot known: the alerts were not read.';

function countsSection(result: GateResult): string {
  const table = !result.options.withheldSecrets ? countsTable(result.counts) : [WITHHELD_COUNTS];
  return [...table, '', ...policyLines(result)].join('\n');
}

/** A run GitHub passed no secrets to read no alert of the service's: no count by severity, by design. */
const WITHHELD_COUNTS =
  "The repository's alerts were not read (GitHub passed this run no secrets): no count by severity. What the pull request brings in is judged below.";

/** Counts by severity, then total, gating and allowed, and resolved and due when any. */
function countsTable(counts: AlertCounts | null): string[] {
  if (counts === null) return [NOT_READ];
  const columns: [string, string][] = [
    ...SEVERITIES.map((s): [string, string] => [
      `${SEVERITY_MARKERS[s]} ${s[0]?.toUpperCase()}${s.slice(1)}`,
      formatNumber(counts[s]),
    ]),
    ['Total', formatNumber(counts.total)],
    ['Gating', `**${formatNumber(counts.gating)}**`],
    ['Allowed', formatNumber(counts.allowed)],
  ];
  if (counts.resolved) columns.push(['Resolved', formatNumber(counts.resolved)]);
  if (counts.due) columns.push(['Coming due', formatNumber(counts.due)]);
  return [
    `| ${columns.map(([name]) => name).join(' | ')} |`,
    `|${'--:|'.repeat(columns.length)}`,
    `| ${columns.map(([, value]) => value).join(' | ')} |`,
  ];
}

/**
 * One sentence of the policy (contract): every way an alert can fail the gate in this run, from each
 * rule's words, then what else the options do; never "alerts never fail the gate" while a rule can.
 */
function policyLines(result: GateResult): string[] {
  const { options } = result;
  const phrases = VERDICT_RULES.flatMap((rule) => RULE_WORDS[rule].policy(result) ?? []);
  const bySeverity = options.failOnSeverity !== 'none';
  const opening = bySeverity
    ? []
    : [phrases.some((p) => p.gates) ? 'no alert fails on its severity' : 'alerts never fail the gate'];
  const policy = [
    ...opening,
    ...phrases.map((p) => p.words),
    options.ignoreUnreachable ? 'unreachable-only alerts ignored' : null,
    options.failOnCriticalIssues ? 'fails on open critical issues' : null,
    options.dryRun ? 'dry run' : null,
  ].filter((part) => part !== null);
  const fromFile = fromPolicyFile(options.sources);
  const file = options.configFile
    ? [
        `Policy file: ${code(options.configFile, 200)}${fromFile.length > 0 ? ` (${fromFile.map((name) => code(name, 60)).join(', ')} from it)` : ''}.${replacedListsText(options)}`,
      ]
    : [];
  return [`Policy: ${policy.join(' · ')}.${file.length > 0 ? '  ' : ''}`, ...file];
}

/** A `### Title` section folded into `<details>` on a pull-request or merge-queue event; as it is otherwise. */
function foldedOnPullRequest(result: GateResult, section: string): string {
  if (result.change === null) return section;
  const [title = '', ...body] = section.split('\n');
  return [`<details><summary><b>${title.replace(/^### /, '')}</b></summary>`, ...body, '', '</details>'].join('\n');
}

function timeSavedSection(result: GateResult): string {
  const saved = result.timeSaved;
  if (saved === null) return '### Time saved\n\nTime saved not available.';
  return (
    // The service counts time saved for the whole organization (or project), not this repository.
    `### Time saved\n\n**${formatMinutes(saved.totalMinutesSaved)}** saved across the ${postureScope(result.options.projectId)} in the last ` +
    `${plural(result.options.postureDays, 'day')}: ${formatMinutes(saved.patchingMinutesSaved)} patching, ` +
    `${formatMinutes(saved.validationMinutesSaved)} validation.`
  );
}

function scheduleSection(schedule: ScheduleView | null, now: Date): string {
  const title = '### Scan schedule\n\n';
  if (schedule === null) return `${title}Scan schedule not available.`;
  if (schedule.crontab.trim() === '') return `${title}None: no scan schedule is set.`;
  const words =
    schedule.description === null ? 'not a schedule this action can read' : escapeText(schedule.description);
  const crontab = `${code(schedule.crontab, 100)}: ${words}.`;
  if (!schedule.enabled) return `${title}${crontab} The schedule is **disabled**.`;
  return `${title}${crontab} ${nextRunText(schedule.nextRun, now)}`;
}

function nextRunText(nextRun: string | null, now: Date): string {
  const when = nextRun === null ? null : formatUtcDateTime(nextRun);
  if (nextRun === null || when === null) return 'Next run: unknown.';
  const minutes = (Date.parse(nextRun) - now.getTime()) / 60_000;
  return minutes >= 0 ? `Next run: **${when}** (in ${formatMinutes(minutes)}).` : `Next run: **${when}**.`;
}

const SETTING_STATUS: Record<SettingChange['status'], string> = {
  applied: '✅ applied',
  'dry-run': '🔸 would apply (dry run)',
  failed: '❌ failed',
  rejected: '❌ rejected',
};

/** A setting's value as code, so it copies as it was sent (no zero-width space after an `@` or `#`). */
function settingValue(value: SettingChange['value']): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none (empty list)' : codeCell(value.join(', '), 200);
  return codeCell(String(value));
}

function settingsSection(settings: SettingChange[]): string | null {
  if (settings.length === 0) return null;
  const rows = settings.map((change) => {
    const status = SETTING_STATUS[change.status];
    const withError = change.error ? `${status}: ${escapeCell(change.error, 300)}` : status;
    return `| ${codeCell(change.input, 60)} | ${settingValue(change.value)} | ${withError} |`;
  });
  return ['### Settings', '', '| Setting | Value | Status |', '|---|---|---|', ...rows].join('\n');
}

function listSection(title: string, marker: string, messages: string[]): string | null {
  if (messages.length === 0) return null;
  const shown = messages.slice(0, MAX_LIST_ITEMS).map((m) => `- ${marker} ${escapeText(truncate(m, 500))}`);
  const hidden = messages.length - shown.length;
  const more = hidden > 0 ? [`- …and ${formatNumber(hidden)} more (see the JSON report).`] : [];
  return [`### ${title}`, '', ...shown, ...more].join('\n');
}
