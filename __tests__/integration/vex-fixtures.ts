// VEX documents and alerts for the tests of dist/ (contract: "VEX statements"): OpenVEX v0.2.0 as a
// team writes it, and alerts of acme/clean-lib (which has none of its own) as a test adds them.
import type { GateRun } from './harness.js';

export const REPORT = 'security-gate.json';

/** One statement as OpenVEX writes it; `products` are package URLs (or other ids) unless given as objects. */
export interface StatementSpec {
  vulnerability: string | { name: string; '@id'?: string; aliases?: string[] };
  products: (string | object)[];
  status: string;
  justification?: string;
  impact_statement?: string;
  action_statement?: string;
  timestamp?: string;
  last_updated?: string;
}

export function vexDocument(
  id: string,
  statements: StatementSpec[],
  { timestamp = '2025-01-01T00:00:00Z', author = 'Acme Security <security@acme.example>' } = {},
): string {
  return JSON.stringify({
    '@context': 'https://openvex.dev/ns/v0.2.0',
    '@id': id,
    author,
    timestamp,
    version: 1,
    statements: statements.map(({ vulnerability, products, ...rest }) => ({
      vulnerability: typeof vulnerability === 'string' ? { name: vulnerability } : vulnerability,
      products: products.map((p) => (typeof p === 'string' ? { '@id': p } : p)),
      ...rest,
    })),
  });
}

/** What the tests read of the JSON report. */
export interface VexReport {
  result: string;
  alerts: {
    id: string;
    status: string;
    disposition: {
      gates: boolean;
      rule: string;
      reason: string;
      vex?: { document: string; file: string; statement: number };
    };
    vex: { status: string; document: string; statement: number; file: string; justification: string | null } | null;
  }[];
  introduced: { findings: { advisory: string; status: string; vex: { document: string } | null }[] } | null;
  counts: { vex: number | null } | null;
  vex: {
    files: { path: string; document: string | null; statements: number }[];
    unmatched: { file: string; statement: number; vulnerability: string; packages: string[] }[] | null;
  } | null;
}

export const reportOf = (run: GateRun) => JSON.parse(run.files[REPORT]!) as VexReport;
export const alertOf = (run: GateRun, id: string) => reportOf(run).alerts.find((a) => a.id === id)!;
