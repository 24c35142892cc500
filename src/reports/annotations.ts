// Error annotations for what the pull request brings in and gates and for the gating alerts, and
// warning annotations for what it brings in that does not gate, the known-exploited alerts flagged
// under known-exploited: warn and the alerts coming due, placed on the manifest line that declares
// the package. The text goes to core.error and core.warning, which escape it for the
// workflow command, so it is plain text, not Markdown.
import { FALLBACK_MANIFEST_PATH, packageLabel } from '../packages/locations.js';
import {
  osvVulnerabilityUrl,
  worstFirst,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type EvaluatedSupplyChainEntry,
  type GateResult,
  type LicenseFinding,
  type ManifestLocation,
} from '../model.js';
import { epssNote } from './epss.js';
import { formatNumber, plural } from './format.js';
import { flaggedAsKnownExploited, kevNote, kevPhrase } from './known-exploited.js';
import { plainLine, firstReference } from './plain.js';
import { reachabilityLabel } from './summary-alerts.js';
import { listedBy } from './summary-introduced.js';
import { hasMark, supplyMarks } from './supply-marks.js';

/** GitHub shows at most 10 error annotations per step; the rest are dropped silently. */
export const MAX_ERROR_ANNOTATIONS = 10;
/** Likewise at most 10 warning annotations per step. */
export const MAX_WARNING_ANNOTATIONS = 10;

const MAX_SUMMARY = 500;
const MAX_TITLE = 200;

export interface Annotation {
  title: string;
  message: string;
  file?: string;
  startLine?: number;
  endLine?: number;
}

export interface Annotations {
  annotations: Annotation[];
  /** Alerts (or findings) without an annotation of their own (counted in the last one). */
  omitted: number;
}

/**
 * What the annotation says first: that the alert is known exploited (and which CVE CISA lists), why
 * now (overdue, due) and that the pull request changes the package.
 */
function notesFirst(e: EvaluatedAlert): string[] {
  const notes: string[] = [];
  const kev = kevNote(e);
  if (kev !== null && e.knownExploited !== null) {
    const { cve, name } = e.knownExploited;
    notes.push(kev, plainLine(name ? `${cve}: ${name}` : cve, MAX_TITLE));
  }
  const epss = epssNote(e);
  if (epss !== null) notes.push(epss);
  if (e.status === 'gating' && e.dueOn !== null) notes.push(`Overdue since ${e.dueOn} (grace-days)`);
  if (e.status === 'due' && e.dueOn !== null) {
    const left = e.daysLeft === null ? '' : `, ${plural(e.daysLeft, 'day')} left`;
    notes.push(`Inside its grace period: fails the gate from ${e.dueOn} (UTC)${left}`);
  }
  if (e.status === 'existing')
    notes.push('Already on the base: it does not fail this pull request (existing-alerts: warn)');
  if (e.changedByPullRequest) notes.push('Changed by this pull request');
  if (e.resolution !== null && e.status !== 'resolved') notes.push('Fixed by this pull request');
  return notes;
}

/** The version that fixes it, when GitHub's advisory names one (contract: "The fix"). */
const fixNote = ({ fix }: Pick<EvaluatedAlert, 'fix'>): string[] =>
  fix?.version ? [`Fixed in ${plainLine(fix.version, 60)}`] : fix ? ['No fixed version published'] : [];

function alertAnnotation(e: EvaluatedAlert): Annotation {
  const location = e.locations?.[0];
  const pkg = location?.package ?? packageLabel(e.package);
  const reachability = reachabilityLabel(e.reachability);
  const reference = firstReference(e.references);
  const message = [
    ...notesFirst(e),
    ...fixNote(e),
    plainLine(e.summary, MAX_SUMMARY) || 'No summary given',
    `Score ${e.score === null ? 'none' : formatNumber(e.score)}`,
    `Reachability: ${reachability === '—' ? 'not analysed' : reachability}`,
    ...(reference ? [reference] : []),
  ].join(' · ');
  const due = e.status === 'due' && e.dueOn !== null ? `, due ${e.dueOn}` : '';
  const kev = e.knownExploited === null ? '' : ', known exploited';
  const annotation: Annotation = {
    title: plainLine(`${e.severity} ${e.advisory} in ${pkg}${due}${kev}`, MAX_TITLE),
    message,
  };
  return placed(annotation, location);
}

/** The annotation on its manifest lines; the fallback path is no real file, so none is put there. */
function placed(annotation: Annotation, location: ManifestLocation | null | undefined): Annotation {
  if (location && location.path !== FALLBACK_MANIFEST_PATH) {
    annotation.file = location.path;
    annotation.startLine = location.startLine;
    annotation.endLine = location.endLine;
  }
  return annotation;
}

function licenseAnnotation(f: LicenseFinding): Annotation {
  const why =
    f.status === 'unknown'
      ? 'has no known license (unknown-licenses: fail)'
      : `is licensed ${f.license}, which the license policy does not allow`;
  const annotation: Annotation = {
    title: plainLine(`license ${f.status === 'unknown' ? 'unknown' : f.license} in ${f.package}`, MAX_TITLE),
    message: plainLine(
      `${f.package} ${why}${f.introduced ? ' (brought in by this pull request)' : ''}. Allow or deny licenses with allow-licenses / deny-licenses, or exempt the package with license-exceptions.`,
      MAX_SUMMARY,
    ),
  };
  return placed(annotation, f.location);
}

/** A finding the pull request brings in, at one manifest that adds it (one annotation each). */
type Placed = [finding: EvaluatedFinding, location: ManifestLocation];

const placedFindings = (findings: EvaluatedFinding[]): Placed[] =>
  findings.flatMap((f) => f.locations.map((location): Placed => [f, location]));

function findingAnnotation([f, location]: Placed, who: string): Annotation {
  const kev = f.knownExploited === null ? null : kevPhrase(f.knownExploited);
  const message = [
    ...(kev === null ? [] : [kev]),
    `${who} lists this vulnerability on a package the change adds, which the service has not scanned yet`,
    ...fixNote(f),
    ...(f.disposition.gates ? [] : [`Does not fail the gate: ${plainLine(f.disposition.reason, MAX_TITLE)}`]),
    plainLine(f.summary, MAX_SUMMARY) || 'No summary given',
    ...(f.scope ? [`Scope: ${plainLine(f.scope, 40)}`] : []),
    f.url,
  ].join(' · ');
  const title = plainLine(
    `${f.severity} ${f.advisory} in ${f.name}@${f.version}, brought in by this pull request`,
    MAX_TITLE,
  );
  return placed({ title, message }, location);
}

/** A marked version before any advisory, at one manifest line that names it (one annotation each). */
type PlacedEntry = [entry: EvaluatedSupplyChainEntry, location: ManifestLocation | null];

const placedEntries = (result: GateResult, gates: boolean): PlacedEntry[] =>
  (result.supplyChain?.entries ?? [])
    .filter((e) => e.disposition.gates === gates && hasMark(e))
    .flatMap((e) => (e.locations.length > 0 ? e.locations : [null]).map((location): PlacedEntry => [e, location]));

function entryAnnotation([e, location]: PlacedEntry): Annotation {
  const marks = supplyMarks(e);
  const where = e.source === 'service' ? 'listed by the service' : 'brought in by this pull request';
  const message = [
    ...marks.map((mark) => plainLine(mark, MAX_TITLE)),
    ...(e.malicious ?? []).map(osvVulnerabilityUrl),
    e.disposition.gates
      ? 'Fails the gate before any advisory'
      : `Does not fail the gate: ${plainLine(e.disposition.reason, MAX_TITLE)}`,
  ].join(' · ');
  const title = plainLine(`${marks[0]?.split(':')[0] ?? 'flagged'}: ${e.name}@${e.version}, ${where}`, MAX_TITLE);
  return placed({ title, message }, location);
}

/** The first `count` of several lists, in order, each item built only when taken. */
function firstOf(lists: { count: number; build: (i: number) => Annotation }[], count: number): Annotation[] {
  const taken: Annotation[] = [];
  for (const { count: n, build } of lists) for (let i = 0; i < n && taken.length < count; i++) taken.push(build(i));
  return taken;
}

/**
 * One error annotation per gating finding the pull request brings in (at each manifest that adds it),
 * then per gating alert, in the verdict's order (known exploited first, then worst first), then per
 * license violation. Beyond `max`, the first `max - 1` get one each and a last annotation says how
 * many were left out.
 */
export function buildAnnotations(result: GateResult, max = MAX_ERROR_ANNOTATIONS): Annotations {
  const supply = placedEntries(result, true);
  const introduced = placedFindings(result.introduced?.findings.filter((f) => f.disposition.gates) ?? []);
  const gating = result.verdict.gating;
  const licenses = result.licenses?.findings.filter((f) => f.gates) ?? [];
  const cap = Math.max(1, Math.floor(max));
  const total = supply.length + introduced.length + gating.length + licenses.length;
  // Only the annotations shown are built: 100,000 gating alerts must not mean 100,000 messages.
  const lists = [
    { count: supply.length, build: (i: number) => entryAnnotation(supply[i]!) },
    { count: introduced.length, build: (i: number) => findingAnnotation(introduced[i]!, listedBy(result)) },
    { count: gating.length, build: (i: number) => alertAnnotation(gating[i]!) },
    { count: licenses.length, build: (i: number) => licenseAnnotation(licenses[i]!) },
  ];
  if (total <= cap) return { annotations: firstOf(lists, total), omitted: 0 };
  const shown = firstOf(lists, cap - 1);
  const omitted = total - shown.length;
  // Alerts come between the findings and the licenses: when only alerts are left out, the words can be about them alone.
  const what =
    licenses.length === 0 && supply.length + introduced.length <= shown.length
      ? ['more gating alert', 'more alert fails', 'more alerts fail']
      : ['more finding', 'more finding fails', 'more findings fail'];
  const more: Annotation = {
    title: `${plural(omitted, what[0]!)} not annotated`,
    message:
      `${plural(omitted, what[1]!, what[2])} the gate. GitHub shows at most ` +
      `${MAX_ERROR_ANNOTATIONS} error annotations per step: see the job summary or the JSON report.`,
  };
  return { annotations: [...shown, more], omitted };
}

/** Soonest due first, then the verdict's order (worst first). */
function soonestFirst(a: EvaluatedAlert, b: EvaluatedAlert): number {
  const [x, y] = [a.dueOn ?? '', b.dueOn ?? ''];
  return x < y ? -1 : x > y ? 1 : worstFirst(a, b);
}

/**
 * Warning annotations, each where its error annotation would be: under known-exploited: warn, first
 * the known-exploited alerts that do not gate but `fail` would gate (below the threshold, or coming
 * due), worst first; then the other alerts coming due (inside their grace period), soonest first.
 * One cap for both, as GitHub's is one per step: beyond `max`, the first `max - 1` get one each and
 * a last warning says how many were left out.
 */
export function buildWarningAnnotations(result: GateResult, max = MAX_WARNING_ANNOTATIONS): Annotations {
  // What the pull request brings in that does not gate comes first: it is what its author can act on.
  const introduced = [
    ...placedEntries(result, false).map((placed) => () => entryAnnotation(placed)),
    ...placedFindings(result.introduced?.findings.filter((f) => !f.disposition.gates) ?? []).map(
      (placed) => () => findingAnnotation(placed, listedBy(result)),
    ),
  ];
  const warn = result.knownExploited?.mode === 'warn';
  const flags = (e: EvaluatedAlert) => warn && flaggedAsKnownExploited(e);
  const flagged = result.alerts.filter(flags).sort(worstFirst);
  // Under the ratchet, the alerts already on the base: a warning each where the error would be.
  const existing = result.alerts.filter((e) => e.status === 'existing' && !flags(e)).sort(worstFirst);
  const due = result.alerts.filter((e) => e.status === 'due' && !flags(e)).sort(soonestFirst);
  const lists = [
    { count: introduced.length, build: (i: number) => introduced[i]!() },
    { count: flagged.length, build: (i: number) => alertAnnotation(flagged[i]!) },
    { count: existing.length, build: (i: number) => alertAnnotation(existing[i]!) },
    { count: due.length, build: (i: number) => alertAnnotation(due[i]!) },
  ];
  const cap = Math.max(1, Math.floor(max));
  const total = lists.reduce((sum, list) => sum + list.count, 0);
  if (total <= cap) return { annotations: firstOf(lists, total), omitted: 0 };
  // Only the annotations shown are built.
  const shown = firstOf(lists, cap - 1);
  let room = shown.length;
  const [introducedLeft, exploitedLeft, existingLeft] = lists.map((list) => {
    const taken = Math.min(list.count, room);
    room -= taken;
    return list.count - taken;
  });
  const omitted = total - shown.length;
  const left = { introduced: introducedLeft!, exploited: exploitedLeft!, existing: existingLeft! };
  return { annotations: [...shown, moreWarnings(left, omitted)], omitted };
}

/**
 * The last warning annotation: how many were left out (`introduced` of them findings on what the pull
 * request brings in, `exploited` alerts flagged as known exploited, the rest coming due).
 */
function moreWarnings(left: { introduced: number; exploited: number; existing: number }, omitted: number): Annotation {
  const { introduced, exploited, existing } = left;
  const limit = `GitHub shows at most ${MAX_WARNING_ANNOTATIONS} warning annotations per step: see the job summary or the JSON report.`;
  if (existing > 0) {
    const parts = [
      introduced > 0 ? `${plural(introduced, 'more finding')} on what this pull request brings in` : null,
      exploited > 0 ? `${plural(exploited, 'more alert')} known exploited` : null,
      `${plural(existing, 'more alert')} already on the base (existing-alerts: warn)`,
      omitted - introduced - exploited - existing > 0
        ? `${plural(omitted - introduced - exploited - existing, 'more alert')} coming due`
        : null,
    ].filter((part) => part !== null);
    return { title: `${plural(omitted, 'more warning')} not annotated`, message: `${parts.join('; ')}. ${limit}` };
  }
  if (introduced > 0) {
    // Vulnerabilities and versions judged before any advisory alike: findings on what it brings in.
    const rest = omitted - introduced;
    const alerts = rest > 0 ? `, and ${plural(rest, 'more alert')} known exploited or coming due` : '';
    return {
      title: `${plural(omitted, 'more warning')} not annotated`,
      message: `${plural(introduced, 'more finding')} on what this pull request brings in${alerts}. ${limit}`,
    };
  }
  const coming = omitted - exploited;
  if (exploited === 0)
    return {
      title: `${plural(omitted, 'more alert')} coming due not annotated`,
      message: `${plural(omitted, 'more alert is', 'more alerts are')} inside ${omitted === 1 ? 'its' : 'their'} grace period. ${limit}`,
    };
  const known = `known exploited (CISA KEV) and would fail the gate under known-exploited: fail`;
  if (coming === 0)
    return {
      title: `${plural(omitted, 'more known-exploited alert')} not annotated`,
      message: `${plural(omitted, 'more alert is', 'more alerts are')} ${known}. ${limit}`,
    };
  return {
    title: `${plural(omitted, 'more alert')} known exploited or coming due not annotated`,
    message: `${plural(exploited, 'more alert is', 'more alerts are')} ${known}; ${plural(coming, 'more alert is', 'more alerts are')} inside ${coming === 1 ? 'its' : 'their'} grace period. ${limit}`,
  };
}
