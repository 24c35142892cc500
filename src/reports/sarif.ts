// SARIF 2.1.0 log for github/codeql-action/upload-sarif: one rule per advisory, one result per alert the
// service alerted on and `allow-alerts` did not allow (whatever the threshold) and per affected package,
// located at the manifest line that declares the package. Code scanning then shows the whole picture,
// and a threshold change (even to `none`) does not close alerts there: only the level changes.
import { gzipSync } from 'node:zlib';
import type { Log, ReportingDescriptor, Result, Run } from 'sarif';
import { fallbackLocation, FALLBACK_MANIFEST_PATH, packageLabel, repoRelativePath } from '../packages/locations.js';
import {
  severityRank,
  STATUS,
  type AlertStatus,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type EvaluatedSupplyChainEntry,
  type GateResult,
  type ManifestLocation,
  type Severity,
} from '../model.js';
import { epssProperties } from './epss.js';
import { formatNumber } from './format.js';
import {
  artifactLocation,
  asSentence,
  fingerprintKey,
  hashKey,
  KEV_TAG,
  NOT_GATING_LEVELS,
  ruleName,
  securitySeverity,
  fingerprint,
  FINGERPRINT_KEY,
  type Level,
} from './sarif-common.js';
import { kevNote } from './known-exploited.js';
import { code, escapeText, link, safeHref } from './markdown.js';
import { firstReference, plainLine, plainText } from './plain.js';
import { cutAt, placeholder } from './skeleton.js';
import { RULE_WORDS } from './rule-words.js';
import { introducedParts, reportedFindings } from './sarif-introduced.js';
import { reportedSupply, supplyParts, supplyResultCount } from './sarif-supply.js';

export { FINGERPRINT_KEY, KEV_TAG, fingerprint, securitySeverity } from './sarif-common.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

// GitHub's upload limits: 25,000 results per run and 10 MB gzipped; we stay well under the latter.
export const MAX_RESULTS = 25_000;
export const MAX_GZIP_BYTES = 8 * 1024 * 1024;
// Compact JSON characters gathered before the gzip check: bounds memory and time on huge inputs.
const MAX_JSON_CHARS = 40_000_000;
// Rules get the full text (description, ten references, twenty packages) until this many characters,
// worst first; later rules get a brief form, so text is cut before any result is.
const DETAILED_RULE_CHARS = 4_000_000;
// GitHub truncates rule descriptions beyond 1,024 characters.
const MAX_DESCRIPTION = 1024;

export interface SarifOptions {
  toolVersion: string;
  informationUri?: string;
}

/** Reported in SARIF: every alert the service alerted and allow-alerts did not allow. */
const isReported = (e: EvaluatedAlert) => STATUS[e.status].sarif !== null;

/**
 * `error` when the alert gates; a `note` when the pull request resolves it and a `warning` while it
 * is coming due, whatever its severity; otherwise by severity (STATUS says which).
 */
function levelOf(status: AlertStatus, severity: Severity): Level {
  const level = STATUS[status].sarif ?? 'severity';
  return level === 'severity' ? NOT_GATING_LEVELS[severity] : level;
}

/**
 * What the message adds after the advisory: known exploited (and what that does to the verdict),
 * overdue since when, and that the pull request changes the package.
 */
function messageNotes(alert: EvaluatedAlert, exploited: string | null): string {
  const notes = [
    exploited,
    alert.status === 'gating' && alert.dueOn !== null ? `Overdue since ${alert.dueOn} (grace-days).` : null,
    alert.changedByPullRequest ? 'Changed by this pull request (not resolved).' : null,
    alert.resolution !== null && alert.status !== 'resolved' ? 'Fixed by this pull request.' : null,
  ].filter((note) => note !== null);
  return notes.length > 0 ? ` ${notes.join(' ')}` : '';
}

/** "Known exploited (CISA KEV, added 2021-12-10): … CISA lists CVE-2021-44228: Apache Log4j2 …."; null when not listed. */
function exploitedText(alert: EvaluatedAlert): string | null {
  const note = kevNote(alert);
  if (note === null || alert.knownExploited === null) return null;
  const { cve, name } = alert.knownExploited;
  return `${note}. ${asSentence(`CISA lists ${plainLine(name ? `${cve}: ${name}` : cve, 300)}`)}`;
}

/** One result to report: an alert at one of its locations. License findings are results of their own (below). */
interface Finding {
  alert: EvaluatedAlert;
  /** The rule: the advisory id. */
  advisoryId: string;
  level: Level;
  /** Why it does not gate, for the message; null when it gates. */
  notGating: string | null;
  /** That the KEV catalog lists it (which CVE, what that does to the verdict), for the message; null when not listed. */
  exploited: string | null;
  location: ManifestLocation;
  /** `name@version` of the package. */
  pkg: string;
  fingerprint: string;
}

interface Detail {
  short: number;
  description: number;
  references: number;
  packages: number;
}
const DETAILED: Detail = { short: MAX_DESCRIPTION, description: MAX_DESCRIPTION, references: 10, packages: 20 };
const BRIEF: Detail = { short: 256, description: 256, references: 3, packages: 5 };

/**
 * The reported alerts, most severe first so that the upload limits cut the least severe: the gating
 * ones (errors) in the verdict's order, then the others by severity (warnings, then notes) and score;
 * the same advisory, package and file once (one package declared twice in a file is one finding).
 */
function findingsOf(result: GateResult, limit: number): { findings: Finding[]; total: number } {
  // By severity in buckets, then by score within each (a stable sort: ties keep the order the alerts
  // came in). A bucket wholly past the limit is only counted, never sorted.
  const buckets: EvaluatedAlert[][] = [[], [], [], [], []];
  for (const e of result.alerts) {
    if (e.status !== 'gating' && isReported(e)) buckets[4 - severityRank(e.severity)]!.push(e);
  }
  const seen = new Set<string>();
  const findings: Finding[] = [];
  let beyond = 0;
  // Alerts share manifests: each path is made repository-relative once.
  const relative = new Map<string, string>();
  const relativePath = (path: string) => {
    let found = relative.get(path);
    if (found === undefined) relative.set(path, (found = repoRelativePath(path) || FALLBACK_MANIFEST_PATH));
    return found;
  };
  const take = (alert: EvaluatedAlert) => {
    // Past the limit only count them (a package twice in a file counts twice here): 100,000 alerts
    // must not cost 100,000 fingerprints for 25,000 results.
    if (findings.length >= limit) {
      beyond += alert.locations?.length || 1;
      return;
    }
    const advisoryId = alert.advisory.trim() || alert.id;
    const locations = alert.locations?.length ? alert.locations : [fallbackLocation()];
    const exploited = exploitedText(alert);
    for (const location of locations) {
      if (findings.length >= limit) {
        beyond++;
        continue;
      }
      const path = relativePath(location.path);
      const pkg = location.package ?? packageLabel(alert.package);
      // Copies are told apart by the text the fingerprint is made of: one hash a finding, not a copy.
      const key = fingerprintKey(advisoryId, pkg, path);
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        alert,
        advisoryId,
        level: levelOf(alert.status, alert.severity),
        notGating: RULE_WORDS[alert.disposition.rule].notGating?.(alert) ?? null,
        exploited,
        location: { ...location, path },
        pkg,
        fingerprint: hashKey(key),
      });
    }
  };
  for (const alert of result.verdict.gating) take(alert);
  for (const bucket of buckets) {
    if (findings.length < limit) bucket.sort((a, b) => (b.score ?? -1) - (a.score ?? -1));
    for (const alert of bucket) take(alert);
  }
  return { findings, total: findings.length + beyond };
}

/** A reference as a list item: a link when it is an http(s) URL, else text (which starts the item's line). */
function reference(r: string): string {
  const text = plainLine(r, 200);
  return safeHref(r) === null ? escapeText(text, { lineStart: true }) : link(text, r);
}

/** Listed with the cap, then how many more. */
function capped<T>(items: T[], max: number, render: (item: T) => string, more: (n: number) => string): string[] {
  const lines = items.slice(0, max).map(render);
  return items.length > max ? [...lines, more(items.length - max)] : lines;
}

function renderRule(findings: Finding[], detail: Detail): ReportingDescriptor {
  // Non-empty: the rule is made for the first finding of its advisory.
  const first = findings[0] as Finding;
  const { alert, advisoryId } = first;
  const summary = plainLine(alert.summary, detail.short) || `Vulnerable dependency: ${advisoryId}`;
  const description = plainText(alert.description, detail.description) || summary;
  const references = alert.references.filter((r) => r.trim() !== '');
  const packages = findings.map((f) =>
    f.location.package === null
      ? `${f.pkg} (not found in the package search)`
      : `${f.pkg} in ${f.location.path}, line ${f.location.startLine}`,
  );
  const moreRefs = (n: number) => `…and ${formatNumber(n)} more`;
  const text = [
    summary,
    ...(description === summary ? [] : ['', description]),
    ...(references.length > 0
      ? ['', 'References:', ...capped(references, detail.references, (r) => `- ${plainLine(r, 500)}`, moreRefs)]
      : []),
    '',
    'Packages affected:',
    ...capped(packages, detail.packages, (p) => `- ${p}`, moreRefs),
  ].join('\n');
  const markdown = [
    `**${escapeText(summary)}**`,
    ...(description === summary ? [] : ['', escapeText(description, { lineStart: true })]),
    ...(references.length > 0
      ? ['', '**References**', '', ...capped(references, detail.references, (r) => `- ${reference(r)}`, moreRefs)]
      : []),
    '',
    '**Packages affected**',
    '',
    ...capped(
      findings,
      detail.packages,
      (f) =>
        f.location.package === null
          ? `- ${code(f.pkg)} (not found in the package search)`
          : `- ${code(f.pkg)} in ${code(f.location.path)}, line ${f.location.startLine}`,
      moreRefs,
    ),
  ].join('\n');
  const helpUri = firstReference(references, true) ?? undefined;
  const score = securitySeverity(alert.severity, alert.score);
  return {
    id: advisoryId,
    name: ruleName(advisoryId, alert.summary),
    shortDescription: { text: summary },
    fullDescription: { text: description },
    help: { text, markdown },
    ...(helpUri ? { helpUri } : {}),
    // The level of the rule's most severe result; each result states its own.
    defaultConfiguration: { level: first.level },
    properties: {
      tags: [
        'security',
        'dependency',
        alert.severity,
        ...(findings.some((f) => f.exploited !== null) ? [KEV_TAG] : []),
      ],
      ...(score === undefined ? {} : { 'security-severity': score }),
    },
  };
}

function renderResult(finding: Finding, ruleIndex: number): Result {
  const { alert, advisoryId, location, pkg, notGating, exploited } = finding;
  const rating = alert.score === null ? alert.severity : `${alert.severity} ${formatNumber(alert.score)}`;
  const summary = plainLine(alert.summary, 300);
  const hasColumns = location.startColumn !== undefined;
  const text = `${pkg} is affected by ${advisoryId} (${rating})${summary ? `: ${summary}` : '.'}`;
  const sentence = asSentence(text);
  const more = `${notGating === null ? '' : ` Does not fail the gate: ${notGating}.`}${messageNotes(alert, exploited)}`;
  return {
    ruleId: advisoryId,
    ruleIndex,
    level: finding.level,
    message: { text: more === '' ? text : `${sentence}${more}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(location.path),
          region: {
            startLine: location.startLine,
            endLine: location.endLine,
            ...(hasColumns ? { startColumn: location.startColumn } : {}),
            ...(hasColumns && location.endColumn !== undefined ? { endColumn: location.endColumn } : {}),
          },
        },
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    // Code scanning shows and filters on the rule's tags (`tag:kev`); the result carries `kev` too,
    // for SARIF readers that look at results alone.
    // FIRST's EPSS score of the alert's CVE scored highest, as the JSON report has it.
    ...(exploited === null && alert.epss === null
      ? {}
      : { properties: { ...(exploited === null ? {} : { tags: [KEV_TAG] }), ...epssProperties(alert) } }),
  };
}

/**
 * Where the log goes as it is made: a file, or text in memory (tests, small logs). Text is written
 * piece by piece (a rule, a result), never joined into large strings: a string over 128 KiB is a
 * large object, each on pages of its own until the next collection (100 rules of a chunk, joined,
 * made the RSS saw-tooth by some 20 MiB). The chunks are what the size check compresses, each on
 * its own.
 */
export interface SarifSink {
  /** Appends text to the chunk being written. */
  write(text: string): void;
  /** Ends the chunk being written. */
  endChunk(): void;
  /** The chunks written so far, again, in order: to measure them compressed. */
  written(): Iterable<string | Uint8Array>;
  /** Forgets what was written, to start over with fewer results. */
  clear(): void;
}

/** A sink that holds the log as text. */
export function textSink(): SarifSink & { text(): string } {
  let chunks: string[] = [];
  let pieces: string[] = [];
  return {
    write: (text) => void pieces.push(text),
    endChunk: () => {
      chunks.push(pieces.join(''));
      pieces = [];
    },
    written: () => chunks,
    clear: () => {
      [chunks, pieces] = [[], []];
    },
    text: () => chunks.join(''),
  };
}

/** Text written to a sink, counted in bytes. */
class Counted {
  bytes = 0;
  constructor(private readonly sink: SarifSink) {}

  write(text: string): void {
    this.sink.write(text);
    this.bytes += Buffer.byteLength(text);
  }

  /** `text` as a chunk of its own. */
  chunk(text: string): void {
    this.write(text);
    this.sink.endChunk();
  }

  endChunk(): void {
    this.sink.endChunk();
  }
}

/**
 * The inside of a JSON list, written as it is made: JSON texts a hundred to a chunk, or one alone;
 * the list's first text without the comma that comes before every other.
 */
class ListWriter {
  length = 0;
  private inChunk = 0;
  private first = true;

  constructor(private readonly out: Counted) {}

  push(json: string): void {
    this.emit(json);
    this.length++;
    if (++this.inChunk === 100) this.seal();
  }

  /** A chunk of its own: what the pull request brings in and license findings are listed one by one. */
  alone(json: string): void {
    this.seal();
    this.emit(json);
    this.out.endChunk();
  }

  seal(): void {
    if (this.inChunk > 0) this.out.endChunk();
    this.inChunk = 0;
  }

  private emit(json: string): void {
    if (!this.first) this.out.write(',');
    this.out.write(json);
    this.first = false;
  }
}

/** The findings' rules, those that fit {@link MAX_JSON_CHARS} with their results, written as made. */
interface AlertRules {
  /** Each advisory's rule index. */
  ruleIndexes: Map<string, number>;
  /** How many of the findings have their result in the log: the first ones. */
  kept: number;
}

/**
 * The rules of the first `limit` findings, in the order first used, each rendered once and written
 * at once; results are only measured here (they come after every rule) and rendered again when
 * written, which costs less than holding them.
 */
function writeAlertRules(candidates: Finding[], rules: ListWriter): AlertRules {
  const byAdvisory = new Map<string, Finding[]>();
  for (const f of candidates) {
    const group = byAdvisory.get(f.advisoryId);
    if (group) group.push(f);
    else byAdvisory.set(f.advisoryId, [f]);
  }
  const ruleIndexes = new Map<string, number>();
  let [chars, detailedChars, kept] = [0, 0, 0];
  for (const f of candidates) {
    let index = ruleIndexes.get(f.advisoryId);
    let rule: string | undefined;
    if (index === undefined) {
      index = rules.length;
      const detailed = detailedChars < DETAILED_RULE_CHARS;
      rule = JSON.stringify(renderRule(byAdvisory.get(f.advisoryId) ?? [f], detailed ? DETAILED : BRIEF));
      if (detailed) detailedChars += rule.length;
    }
    const cost = (rule?.length ?? 0) + JSON.stringify(renderResult(f, index)).length;
    if (chars + cost > MAX_JSON_CHARS) break;
    chars += cost;
    kept++;
    if (rule) {
      ruleIndexes.set(f.advisoryId, index);
      rules.push(rule);
    }
  }
  rules.seal();
  return { ruleIndexes, kept };
}

/** The log's skeleton cut where its rules and results go: the text before, between and after them. */
function skeleton(options: SarifOptions, total: number, kept: number): string[] {
  const omitted = total - kept;
  const run: Omit<Run, 'results'> = {
    tool: {
      driver: {
        name: 'security-gate',
        version: options.toolVersion,
        ...(options.informationUri ? { informationUri: options.informationUri } : {}),
      },
    },
    ...(omitted > 0
      ? {
          properties: {
            resultsOmitted: omitted,
            note:
              `${formatNumber(omitted)} of ${formatNumber(total)} results (the least severe) were left out ` +
              `to stay within GitHub's upload limits (25,000 results per run, 10 MB gzipped).`,
          },
        }
      : {}),
  };
  const lists = { rules: placeholder(), results: placeholder() };
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{ ...run, tool: { driver: { ...run.tool.driver, rules: lists.rules } }, results: lists.results }],
  } satisfies Omit<Log, 'runs'> & { runs: object[] };
  return cutAt(JSON.stringify(log), lists.rules, lists.results);
}

/** Everything there is to report, worked out once for every attempt at the log. */
interface Reported {
  result: GateResult;
  findings: Finding[];
  total: number;
  introduced: EvaluatedFinding[];
  supply: EvaluatedSupplyChainEntry[];
}

/**
 * The log for the first `limit` findings, written to `out`: the rules as they are made, then the
 * results. Returns how many alert results it holds.
 */
function writeLog(reported: Reported, limit: number, options: SarifOptions, out: Counted): number {
  const { findings, total, introduced: introducedFindings, supply: supplyEntries, result } = reported;
  const candidates = findings.slice(0, limit);
  // The text before the rules does not depend on how many results are left out (it comes after them).
  out.chunk(`${skeleton(options, total, total)[0]}[`);
  const rules = new ListWriter(out);
  const alerts = writeAlertRules(candidates, rules);
  const alertRules = alerts.ruleIndexes.size;
  // What the pull request brings in and the license findings: few and first, never cut.
  const introduced = introducedParts(introducedFindings, (id) => alerts.ruleIndexes.get(id), alertRules);
  const licenses = licenseParts(result, alertRules + introduced.rules.length);
  const supply = supplyParts(supplyEntries, alertRules + introduced.rules.length + licenses.rules.length);
  for (const rule of [...introduced.rules, ...licenses.rules, ...supply.rules]) rules.alone(JSON.stringify(rule));
  const [, middle, tail] = skeleton(options, total, alerts.kept);
  out.chunk(`]${middle}[`);
  const results = new ListWriter(out);
  for (const item of [...supply.results, ...introduced.results, ...licenses.results])
    results.alone(JSON.stringify(item));
  for (const f of candidates.slice(0, alerts.kept))
    results.push(JSON.stringify(renderResult(f, alerts.ruleIndexes.get(f.advisoryId)!)));
  results.seal();
  out.chunk(`]${tail}`);
  return alerts.kept;
}

/**
 * License findings as results, under rules `license/<license>`: a violation (or an unknown license
 * under unknown-licenses: fail) is an `error`, an unknown license under `warn` a `warning`. Few and
 * gating, so they come first and are never cut.
 */
function licenseParts(result: GateResult, firstRuleIndex: number): { rules: ReportingDescriptor[]; results: Result[] } {
  const rules: ReportingDescriptor[] = [];
  const indexes = new Map<string, number>();
  const results: Result[] = [];
  for (const f of result.licenses?.findings ?? []) {
    const license = f.expression ?? 'unknown';
    const ruleId = `license/${license}`;
    let index = indexes.get(ruleId);
    if (index === undefined) {
      index = firstRuleIndex + rules.length;
      indexes.set(ruleId, index);
      const text =
        f.status === 'unknown'
          ? 'A package whose license is missing, NOASSERTION or not a valid SPDX expression (unknown-licenses).'
          : `A package licensed ${license}, which the license policy (${result.licenses?.mode === 'allow' ? 'allow-licenses' : 'deny-licenses'}) does not allow.`;
      rules.push({
        id: ruleId,
        name: f.status === 'unknown' ? 'UnknownLicense' : 'LicenseNotAllowed',
        shortDescription: {
          text: f.status === 'unknown' ? 'Unknown license' : `License ${plainLine(license, 200)} not allowed`,
        },
        fullDescription: { text },
        help: {
          text: `${text} Change the dependency, or exempt it with license-exceptions.`,
          markdown: `${text} Change the dependency, or exempt it with \`license-exceptions\`.`,
        },
        defaultConfiguration: { level: f.gates ? 'error' : 'warning' },
        properties: { tags: ['license', 'dependency'] },
      });
    }
    const location = f.location ?? fallbackLocation();
    const path = repoRelativePath(location.path) || FALLBACK_MANIFEST_PATH;
    results.push({
      ruleId,
      ruleIndex: index,
      level: f.gates ? 'error' : 'warning',
      message: {
        text: plainLine(
          `${f.package} is licensed ${f.status === 'unknown' ? `under no known license (${f.license || 'none given'})` : license}${f.gates ? '' : '. Does not fail the gate: unknown-licenses is warn'}.`,
          1000,
        ),
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactLocation(path),
            region: { startLine: location.startLine, endLine: location.endLine },
          },
        },
      ],
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(ruleId, f.package, path) },
    });
  }
  return { rules, results };
}

/**
 * The SARIF log as compact JSON, written to `sink` chunk by chunk as it is made: valid with no
 * results, and within GitHub's upload limits however many. Compact, as a log of 25,000 results is
 * some 40 MB of JSON that only code scanning reads; written as made, so that its rules and results
 * are never held together (nor a giant buffer made to measure them compressed).
 */
export function writeSarif(result: GateResult, options: SarifOptions, sink: SarifSink): void {
  const introduced = reportedFindings(result);
  const introducedCount = introduced.reduce((n, f) => n + f.locations.length, 0);
  const licenseCount = result.licenses?.findings.length ?? 0;
  const supply = reportedSupply(result);
  const fixed = licenseCount + introducedCount + supplyResultCount(supply);
  const { findings, total } = findingsOf(result, Math.max(0, MAX_RESULTS - fixed));
  const reported = { result, findings, total, introduced, supply };
  let limit = findings.length;
  for (;;) {
    const out = new Counted(sink);
    const kept = writeLog(reported, limit, options, out);
    // gzip never grows text by more than a few bytes per 16 KiB block, so small logs need no check.
    if (kept === 0 || out.bytes < MAX_GZIP_BYTES * 0.99) return;
    const gzipped = gzippedSize(sink.written());
    if (gzipped <= MAX_GZIP_BYTES) return;
    // Fewer results in proportion, with a margin so this converges in a pass or two.
    limit = Math.floor(kept * (MAX_GZIP_BYTES / gzipped) * 0.9);
    sink.clear();
  }
}

/** The whole log as one string (tests, small logs). */
export function renderSarif(result: GateResult, options: SarifOptions): string {
  const sink = textSink();
  writeSarif(result, options, sink);
  return sink.text();
}

/**
 * At least the size gzip makes of the chunks joined: each chunk compressed on its own, at gzip's
 * fastest level, which compresses less than the upload's default level and loses the context
 * across chunks. The check errs on the safe side, at a fraction of the time and memory. Text is
 * encoded into one buffer reused, not a buffer per chunk (40 MB of them, freed only by a full GC).
 */
function gzippedSize(chunks: Iterable<string | Uint8Array>): number {
  let scratch = Buffer.alloc(0);
  let size = 0;
  for (const chunk of chunks) {
    let bytes = chunk;
    if (typeof chunk === 'string') {
      const length = Buffer.byteLength(chunk);
      if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, 2 * scratch.length));
      bytes = scratch.subarray(0, scratch.write(chunk));
    }
    size += gzipSync(bytes, { level: 1 }).length;
  }
  return size;
}
