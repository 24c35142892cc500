// Pure: which statements speak of an alert, and which one wins (contract: "Which alert a statement
// speaks of", "Which statement wins"). Statements are filed once by every id of their vulnerability,
// so judging n alerts reads only the statements about their ids.
import { cveId, type VexMark, type VexStatement, type VexUnmatched } from '../model.js';
import type { ParsedProduct, VexDocument } from './document.js';
import { alertPackage, namesPackage, packageUrl, type NamedPackage } from './package-url.js';

/** What a statement is matched against: an alert, or a finding a pull request brings in (its GHSA id, CVE ids, package URL). */
export interface VexSubject {
  advisory: string;
  aliases: readonly string[];
  /** A package URL or `name@version`. */
  package: string;
}

/** A statement filed: the package URLs it names, and its place in the order read (files, then statements). */
interface Filed {
  statement: VexStatement;
  packages: { url: string; named: NamedPackage }[];
  order: number;
}

/** The package URLs a product names: its own (@id, identifiers.purl) and its subcomponents'. */
function packagesOf(products: ParsedProduct[]): Filed['packages'] {
  const named = (c: { '@id'?: string | null; identifiers?: { purl?: string | null } | null }) =>
    [c['@id'], c.identifiers?.purl].flatMap((url) => {
      const pkg = url ? packageUrl(url) : null;
      return pkg === null || !url ? [] : [{ url: url.trim(), named: pkg }];
    });
  return products.flatMap((p) => [...named(p), ...(p.subcomponents ?? []).flatMap(named)]);
}

const idKey = (id: string) => id.trim().toLowerCase();

/** A statement's vulnerability ids: its name, its @id, its aliases. */
const idsOf = ({ vulnerability: v }: VexStatement) =>
  [v.name, v.id, ...v.aliases].filter((id): id is string => !!id?.trim()).map(idKey);

/**
 * Whether a statement names a CVE id (its name, @id or an alias): then the CVE ids of what a pull
 * request brings in are read, so that it can speak of them (contract: "Matched by what the entry names").
 */
export function namesCveId(documents: readonly VexDocument[]): boolean {
  return documents.some((doc) =>
    doc.statements.some(({ statement }) => idsOf(statement).some((id) => cveId(id) !== null)),
  );
}

/** Later wins: the later time (none is earliest), then the later read. */
const later = (a: Filed, b: Filed) => {
  const [x, y] = [a.statement.time ?? -Infinity, b.statement.time ?? -Infinity];
  return x !== y ? (y > x ? b : a) : b.order > a.order ? b : a;
};

export interface VexIndex {
  /** The statements that speak of the subject, in the order read. */
  about(subject: VexSubject): VexStatement[];
  /** The latest statement that speaks of the subject; null when none does. */
  latest(subject: VexSubject): VexMark | null;
  /** The statements that speak of none of the subjects, in the order read. */
  unmatched(subjects: Iterable<VexSubject>): VexUnmatched[];
}

/** Files every statement of the documents (in the order given) by its vulnerability ids. */
export function vexIndex(documents: readonly VexDocument[]): VexIndex {
  const byId = new Map<string, Filed[]>();
  const all: Filed[] = [];
  for (const doc of documents)
    for (const { statement, products } of doc.statements) {
      const filed = { statement, packages: packagesOf(products), order: all.length };
      all.push(filed);
      for (const id of new Set(idsOf(statement))) {
        const filedHere = byId.get(id);
        if (filedHere) filedHere.push(filed);
        else byId.set(id, [filed]);
      }
    }
  const filedAbout = (subject: VexSubject): Filed[] => {
    const pkg = alertPackage(subject.package);
    if (pkg === null) return [];
    const candidates = new Set<Filed>();
    for (const id of [subject.advisory, ...subject.aliases])
      for (const f of byId.get(idKey(id)) ?? []) candidates.add(f);
    return [...candidates]
      .filter((f) => f.packages.some((p) => namesPackage(p.named, pkg)))
      .sort((a, b) => a.order - b.order);
  };
  return {
    about: (subject) => filedAbout(subject).map((f) => f.statement),
    latest(subject) {
      const found = filedAbout(subject);
      return found.length === 0 ? null : found.reduce(later).statement;
    },
    unmatched(subjects) {
      const spoken = new Set<Filed>();
      for (const subject of subjects) for (const f of filedAbout(subject)) spoken.add(f);
      return all.filter((f) => !spoken.has(f)).map(unmatchedOf);
    },
  };
}

function unmatchedOf({ statement, packages }: Filed): VexUnmatched {
  const { document, author, file, statement: index } = statement;
  const urls = [...new Set(packages.map((p) => p.url))];
  return { document, author, file, statement: index, vulnerability: statement.vulnerability.name, packages: urls };
}
