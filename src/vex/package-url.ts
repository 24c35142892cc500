// Pure: the package URLs a VEX statement names, and whether one names an alert's package (contract:
// "Which alert a statement speaks of"). Type, namespace, name and version compare as every package
// of the gate does (packages/identity.ts); a qualifier the statement gives must be in the alert's
// package URL (keys in any case, values exactly), while the alert's other qualifiers do not matter:
// the anchors' silent misses come from comparing whole strings. A statement is never less precise
// than the alert: no namespace, no package that has one.
import { percentDecoded } from '../characters.js';
import { samePackage, sameVersion, sharedEcosystem } from '../packages/identity.js';
import { parsePackageIdentifier, type PackageIdentifier } from '../packages/locations.js';

/** A package as a package URL (or, on the alert's side, `name@version`) names it, with its qualifiers. */
export interface NamedPackage {
  id: PackageIdentifier;
  /** Keys lower-cased, values percent-decoded; empty when none (or not a package URL). */
  qualifiers: ReadonlyMap<string, string>;
}

const NO_QUALIFIERS: ReadonlyMap<string, string> = new Map();

/** `?a=1&b=2` of a package URL, before any `#subpath`. */
function qualifiersOf(purl: string): ReadonlyMap<string, string> {
  const query = purl.split('#', 1)[0]?.split('?')[1];
  if (!query) return NO_QUALIFIERS;
  const found = new Map<string, string>();
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    found.set(pair.slice(0, eq).trim().toLowerCase(), percentDecoded(pair.slice(eq + 1)));
  }
  return found;
}

/** A package URL (`pkg:type/…`) as a package; null for anything else (an image digest, a CPE, a name). */
export function packageUrl(text: string | null | undefined): NamedPackage | null {
  const trimmed = text?.trim() ?? '';
  if (!/^pkg:/i.test(trimmed)) return null;
  const id = parsePackageIdentifier(trimmed);
  return id && id.ecosystem !== null ? { id, qualifiers: qualifiersOf(trimmed) } : null;
}

/** An alert's package: its package URL, or `name@version` (no type, no qualifiers); null when it names none. */
export function alertPackage(identifier: string): NamedPackage | null {
  if (/^pkg:/i.test(identifier.trim())) return packageUrl(identifier);
  const id = parsePackageIdentifier(identifier);
  return id && { id, qualifiers: NO_QUALIFIERS };
}

/** Whether a package names a namespace: apart (a Maven group), or in its name (`g:a`, `g/a`, `@scope/name`). */
const hasNamespace = (id: PackageIdentifier) => id.namespace !== null || /[:/]/.test(id.name);

/**
 * Whether the statement's package URL names the alert's package. It names it at least as precisely
 * as the alert does (contract: "Verdict integrity"): without a namespace it never names a package
 * that has one (`pkg:maven/commons-text` is no group's in particular, so it spares none), though the
 * gate's equality of packages takes an artifact alone for any group's.
 */
export function namesPackage(statement: NamedPackage, alert: NamedPackage): boolean {
  if (!hasNamespace(statement.id) && hasNamespace(alert.id)) return false;
  if (!samePackage(statement.id, alert.id)) return false;
  const version = statement.id.version;
  if (version !== null) {
    if (alert.id.version === null) return false;
    if (!sameVersion(version, alert.id.version, sharedEcosystem(statement.id, alert.id))) return false;
  }
  for (const [key, value] of statement.qualifiers) if (alert.qualifiers.get(key) !== value) return false;
  return true;
}
