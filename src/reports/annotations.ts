// Error annotations for the gating alerts, placed on the manifest line that declares the package.
// The text goes to core.error, which escapes it for the workflow command, so it is plain text, not Markdown.
import { FALLBACK_MANIFEST_PATH, packageLabel } from '../packages/locations.js';
import type { EvaluatedAlert, GateResult } from '../model.js';
import { formatNumber, plural } from './format.js';
import { plainLine, firstReference } from './plain.js';
import { reachabilityLabel } from './summary-alerts.js';

/** GitHub shows at most 10 error annotations per step; the rest are dropped silently. */
export const MAX_ERROR_ANNOTATIONS = 10;

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
  /** Gating alerts without an annotation of their own (counted in the last one). */
  omitted: number;
}

function alertAnnotation(e: EvaluatedAlert): Annotation {
  const location = e.locations?.[0];
  const pkg = location?.package ?? packageLabel(e.package);
  const reachability = reachabilityLabel(e.reachability);
  const reference = firstReference(e.references);
  const message = [
    plainLine(e.summary, MAX_SUMMARY) || 'No summary given',
    `Score ${e.score === null ? 'none' : formatNumber(e.score)}`,
    `Reachability: ${reachability === '—' ? 'not analysed' : reachability}`,
    ...(reference ? [reference] : []),
  ].join(' · ');
  const annotation: Annotation = {
    title: plainLine(`${e.severity} ${e.advisory} in ${pkg}`, MAX_TITLE),
    message,
  };
  // The fallback path is no real file: an annotation on it would point nowhere.
  if (location && location.path !== FALLBACK_MANIFEST_PATH) {
    annotation.file = location.path;
    annotation.startLine = location.startLine;
    annotation.endLine = location.endLine;
  }
  return annotation;
}

/**
 * One error annotation per gating alert, worst first (the verdict's order). Beyond `max`, the first
 * `max - 1` alerts get one each and a last annotation says how many were left out.
 */
export function buildAnnotations(result: GateResult, max = MAX_ERROR_ANNOTATIONS): Annotations {
  const gating = result.verdict.gating;
  const cap = Math.max(1, Math.floor(max));
  if (gating.length <= cap) return { annotations: gating.map(alertAnnotation), omitted: 0 };
  const shown = gating.slice(0, cap - 1);
  const omitted = gating.length - shown.length;
  const more: Annotation = {
    title: `${plural(omitted, 'more gating alert')} not annotated`,
    message:
      `${plural(omitted, 'more alert fails', 'more alerts fail')} the gate. GitHub shows at most ` +
      `${MAX_ERROR_ANNOTATIONS} error annotations per step: see the job summary or the JSON report.`,
  };
  return { annotations: [...shown.map(alertAnnotation), more], omitted };
}
