// `vex-output`: an OpenVEX v0.2.0 document of what the gate judged (contract: "VEX statements", "VEX
// out"), valid against OpenVEX's JSON schema. The product is the repository at the commit judged;
// each alert's package is a subcomponent. Only what the verdict decided is said: an alert that the
// verdict left below the threshold or that the service did not alert on has no statement.
import { createHash } from 'node:crypto';
import type { EvaluatedAlert, EvaluatedFinding, GateResult, VexMark } from '../model.js';

export interface VexOutputContext {
  /** `owner/repo`. */
  repository: string;
  /** The commit judged (a pull request's head). */
  commit: string;
  /** `security-gate 1.2.3`. */
  tooling: string;
}

/** One statement, as OpenVEX's schema has it (no field it does not list). */
interface OutStatement {
  vulnerability: { name: string; aliases?: string[]; '@id'?: string };
  products: { '@id': string; subcomponents?: { '@id': string }[] }[];
  status: VexMark['status'];
  timestamp?: string;
  justification?: string;
  impact_statement?: string;
  action_statement?: string;
  status_notes?: string;
}

/** A judged alert or finding: what a statement says of it. */
interface Judged {
  advisory: string;
  aliases: readonly string[];
  package: string | null;
  status: EvaluatedAlert['status'];
  reason: string;
  vex: VexMark | null;
  reachability: EvaluatedAlert['reachability'];
}

/** The same commit gives the same @id (contract), as vexctl names its documents. */
export function vexDocumentId(repository: string, commit: string): string {
  const hash = createHash('sha256').update(`${repository}@${commit}`).digest('hex');
  return `https://openvex.dev/docs/public/vex-${hash}`;
}

export function renderVexDocument(result: GateResult, context: VexOutputContext): string {
  const product = `pkg:github/${context.repository}@${context.commit}`;
  const seen = new Set<string>();
  const statements: OutStatement[] = [];
  for (const judged of [...result.alerts.map(fromAlert), ...(result.introduced?.findings ?? []).map(fromFinding)]) {
    const statement = statementOf(judged, product);
    const key = statement && JSON.stringify(statement);
    // The schema wants the statements unique: two alerts of one advisory and package say one thing.
    if (statement === null || key === null || seen.has(key)) continue;
    seen.add(key);
    statements.push(statement);
  }
  const document = {
    '@context': 'https://openvex.dev/ns/v0.2.0',
    '@id': vexDocumentId(context.repository, context.commit),
    author: 'security-gate',
    timestamp: result.generatedAt,
    version: 1,
    tooling: context.tooling,
    statements,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const fromAlert = (a: EvaluatedAlert): Judged => ({
  advisory: a.advisory,
  aliases: a.aliases,
  package: a.package,
  status: a.status,
  reason: a.disposition.reason,
  vex: a.vex,
  reachability: a.reachability,
});

const fromFinding = (f: EvaluatedFinding): Judged => ({
  advisory: f.advisory,
  aliases: f.cves ?? [],
  package: f.packageUrl,
  status: f.status,
  reason: f.disposition.reason,
  vex: f.vex,
  reachability: null,
});

/** The statement of one alert; null when the gate said nothing of it (below the threshold, not alerted). */
function statementOf(judged: Judged, product: string): OutStatement | null {
  const said = saidOf(judged);
  if (said === null) return null;
  const aliases = [...new Set(judged.aliases.filter((a) => a.trim() !== '' && a !== judged.advisory))];
  const purl = judged.package?.trim() ?? '';
  return {
    vulnerability: { name: judged.advisory, ...(aliases.length > 0 ? { aliases } : {}) },
    // A subcomponent names a package URL; an alert identified as name@version has none to give.
    products: [{ '@id': product, ...(/^pkg:/i.test(purl) ? { subcomponents: [{ '@id': purl }] } : {}) }],
    ...said,
  };
}

type Said = Omit<OutStatement, 'vulnerability' | 'products'>;

function saidOf(j: Judged): Said | null {
  switch (j.status) {
    case 'not-affected':
      return j.vex === null ? null : carriedOver(j.vex);
    case 'unreachable': {
      const r = j.reachability;
      const counts = r ? `${r.reachable} reachable, ${r.needsReview} needing review, ${r.unreachable} unreachable` : '';
      return {
        status: 'not_affected',
        justification: 'vulnerable_code_not_in_execute_path',
        impact_statement: `Reachability analysis found only unreachable uses (${counts}); ignore-unreachable spares it.`,
      };
    }
    case 'resolved':
      return { status: 'fixed', status_notes: j.reason };
    case 'gating':
      return { status: 'affected', action_statement: `Fails the gate (${j.reason}): upgrade or remove the package.` };
    case 'allowed':
    case 'due':
    case 'existing':
      return { status: 'affected', action_statement: `Does not fail the gate yet: ${j.reason}.` };
    case 'below-threshold':
    case 'not-alerted':
    case 'out-of-scope':
      return null;
  }
}

/** The input statement that decided, carried over; `affected` gets the action statement OpenVEX requires. */
function carriedOver(vex: VexMark): Said {
  const time = vex.time === null ? undefined : new Date(vex.time).toISOString();
  const source = `From ${vex.document} statements[${vex.statement}] (${vex.file})${vex.author ? ` by ${vex.author}` : ''}.`;
  return {
    status: vex.status,
    ...(time ? { timestamp: time } : {}),
    ...(vex.justification ? { justification: vex.justification } : {}),
    ...(vex.impactStatement ? { impact_statement: vex.impactStatement } : {}),
    ...(vex.actionStatement || vex.status === 'affected'
      ? { action_statement: vex.actionStatement ?? 'None given.' }
      : {}),
    status_notes: vex.statusNotes ? `${vex.statusNotes} ${source}` : source,
  };
}
