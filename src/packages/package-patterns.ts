// Which packages the deny-packages and private-packages lists name (contract: "Denied packages",
// "Private packages"): a package URL with a version or without (every version), a namespace with
// `/*` (`pkg:npm/@evil-scope/*`, `pkg:maven/com.evil/*`), or, for private packages, a name with a
// trailing `*` (`@acme/*`, `acme-*`). Names and versions compare as "Same package, same version". Pure.
import type { DenyEntry } from '../model.js';
import { ecosystemKey, nameKey, samePackage, sameVersion, sharedEcosystem } from './identity.js';
import { parsePackageIdentifier } from './locations.js';

/** A package as a list is asked about: its ecosystem (or purl type), namespace (a Maven group), name and version. */
export interface NamedVersion {
  ecosystem: string | null;
  namespace: string | null;
  name: string;
  version: string | null;
}

/** A list entry, read: a whole package (a version or all), or every package under a prefix. */
type Pattern =
  | { kind: 'package'; ecosystem: string | null; namespace: string | null; name: string; version: string | null }
  | { kind: 'prefix'; ecosystem: string | null; prefix: string };

const PURL = /^pkg:[a-z][a-z0-9.+-]*\/\S/i;

/** `pkg:npm/@evil-scope/*` or `@acme/*`: a prefix (lower-cased, what every name under it starts with). */
function prefixPattern(text: string): Pattern | null {
  if (!text.endsWith('*')) return null;
  const body = text.slice(0, -1);
  if (/^pkg:/i.test(body)) {
    const [type = '', ...rest] = body.slice(4).replace(/^\/+/, '').split('/');
    const path = decodeURIComponent(rest.join('/'));
    if (!path.endsWith('/') || path.length < 2) return null;
    // Maven's namespace is its group: `com.evil/*` is every `com.evil:artifact`.
    const prefix = type.toLowerCase() === 'maven' ? `${path.slice(0, -1)}:` : path;
    return { kind: 'prefix', ecosystem: ecosystemKey(type), prefix: prefix.toLowerCase() };
  }
  return body === '' || body.includes('*') ? null : { kind: 'prefix', ecosystem: null, prefix: body.toLowerCase() };
}

/** An entry's text as a pattern; null when it names no package (a `*` elsewhere than at the end included). */
function patternOf(text: string): Pattern | null {
  const prefix = prefixPattern(text);
  if (prefix || text.includes('*')) return prefix;
  const id = parsePackageIdentifier(text);
  if (id === null) return null;
  return { kind: 'package', ecosystem: id.ecosystem, namespace: id.namespace, name: id.name, version: id.version };
}

/** `deny-packages`' entry, `PURL [# reason]`, read; else what is wrong with it. */
export function readDenyEntry(text: string): DenyEntry | string {
  const hash = text.indexOf('#');
  return denyEntryOf(hash === -1 ? text : text.slice(0, hash), hash === -1 ? null : text.slice(hash + 1));
}

/** A `deny-packages` entry from its package URL and its reason (null: none), or what is wrong with it. */
export function denyEntryOf(text: string, given: string | null): DenyEntry | string {
  const purl = text.trim();
  const reason = given?.trim() || null;
  // No package URL holds a space or a comma: `pkg:npm/a, b # reason` is a list, never one entry that names nothing.
  if (!PURL.test(purl) || /[\s,]/.test(purl) || patternOf(purl) === null)
    return `${JSON.stringify(purl.length > 80 ? `${purl.slice(0, 77)}...` : purl)} is not a package URL; expected e.g. pkg:npm/event-stream, pkg:npm/ua-parser-js@0.7.29 or pkg:npm/@evil-scope/* (a # reason may follow).`;
  return { purl, reason };
}

/** `private-packages`' entry: a name or a package URL, a trailing `*` allowed; else what is wrong with it. */
export function privatePatternProblem(text: string): string | null {
  return patternOf(text.trim()) === null
    ? `${JSON.stringify(text)} names no package; expected a name (@acme/*, acme-lib) or a package URL (pkg:maven/com.acme/*), a * only at the end.`
    : null;
}

/** Whether a pattern names the package: the ecosystem when both say one, the name (or the prefix), the version when the pattern gives one. */
function names(pattern: Pattern, pkg: NamedVersion): boolean {
  if (pattern.ecosystem !== null && pkg.ecosystem !== null && pattern.ecosystem !== ecosystemKey(pkg.ecosystem))
    return false;
  if (pattern.kind === 'prefix') {
    const full = pkg.namespace ? `${pkg.namespace}:${pkg.name}` : pkg.name;
    return nameKey(full, pkg.ecosystem).startsWith(pattern.prefix);
  }
  if (!samePackage(pattern, pkg)) return false;
  if (pattern.version === null) return true;
  return pkg.version !== null && sameVersion(pattern.version, pkg.version, sharedEcosystem(pattern, pkg) ?? null);
}

/** The first deny-packages entry that names the package; null when none. */
export function denierOf(entries: readonly DenyEntry[]): (pkg: NamedVersion) => DenyEntry | null {
  const compiled = entries.flatMap((entry) => {
    const pattern = patternOf(entry.purl);
    return pattern ? [{ entry, pattern }] : [];
  });
  return (pkg) => compiled.find(({ pattern }) => names(pattern, pkg))?.entry ?? null;
}

/** Whether private-packages names the package: its name never leaves the runner. */
export function privateMatcher(entries: readonly string[]): (pkg: NamedVersion) => boolean {
  const patterns = entries.flatMap((entry) => patternOf(entry.trim()) ?? []);
  return (pkg) => patterns.some((pattern) => names(pattern, pkg));
}
