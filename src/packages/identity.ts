// The one equality of packages and versions (contract: "Same package, same version"). The package
// search, GitHub's change and the alerts are all compared through these keys: two places that
// compared differently let a version added back in another spelling pass as removed.

/** A package as either side names it; an SCA package or a name alone has no namespace. */
export interface PackageName {
  /** As given (`npm`, `PyPI`, `pip`…); null or '' when the side does not say. */
  ecosystem: string | null;
  /** Maven group id, when given apart from the name. */
  namespace: string | null;
  name: string;
}

// Names services and package URLs use for the same ecosystem.
const ECOSYSTEM_SYNONYMS = new Map<string, string>([
  ['pip', 'pypi'],
  ['go', 'golang'],
  ['gomod', 'golang'],
  ['rubygems', 'gem'],
  ['crates', 'cargo'],
  ['crates.io', 'cargo'],
  // GitHub's advisory database (GraphQL's SecurityAdvisoryEcosystem) for cargo, hex and Actions.
  ['rust', 'cargo'],
  ['erlang', 'hex'],
  ['actions', 'githubactions'],
  // OSV's names (the lockfiles' vulnerabilities).
  ['packagist', 'composer'],
  ['github actions', 'githubactions'],
]);

/** Lower-cased, synonyms folded (`pip` is `pypi`); null when none is given. */
export function ecosystemKey(ecosystem: string | null | undefined): string | null {
  const key = ecosystem?.trim().toLowerCase();
  if (!key) return null;
  return ECOSYSTEM_SYNONYMS.get(key) ?? key;
}

/** PEP 503: runs of `-`, `_` and `.` are one `-`. */
const pep503 = (name: string) => name.replace(/[-_.]+/g, '-');

/** How an ecosystem reads a lower-cased name: PyPI by PEP 503, the others as it is. */
const namesIn = (ecosystem: string | null): ((lowerCased: string) => string) =>
  ecosystem === 'pypi' ? pep503 : (name) => name;

/** Lower-cased; for PyPI also PEP 503 (`Typing_Extensions` is `typing-extensions`). */
export function nameKey(name: string, ecosystem: string | null | undefined): string {
  return namesIn(ecosystemKey(ecosystem))(name.trim().toLowerCase());
}

/**
 * Trimmed and lower-cased, without a leading `v` (Go tags carry one that other sources drop) and
 * without build metadata (`+…`); for PyPI in PEP 440's normal form when it is one.
 */
export function versionKey(version: string, ecosystem: string | null | undefined): string {
  let text = version.trim().toLowerCase();
  // String operations, not regular expressions: this runs for every version compared.
  if (text.startsWith('v') && text.charCodeAt(1) >= 48 && text.charCodeAt(1) <= 57) text = text.slice(1);
  const plus = text.indexOf('+', 1);
  if (plus > 0) text = text.slice(0, plus);
  return ecosystemKey(ecosystem) === 'pypi' ? (pep440(text) ?? text) : text;
}

// PEP 440's public version in any of its spellings: packaging's VERSION_PATTERN without the local
// part, which versionKey has dropped as build metadata.
const PEP440 =
  /^(?:(?<epoch>\d+)!)?(?<release>\d+(?:\.\d+)*)(?:[-_.]?(?<pre>alpha|a|beta|b|preview|pre|c|rc)[-_.]?(?<preN>\d+)?)?(?:-(?<postN1>\d+)|[-_.]?(?<post>post|rev|r)[-_.]?(?<postN2>\d+)?)?(?:[-_.]?(?<dev>dev)[-_.]?(?<devN>\d+)?)?$/;

const PRE_RELEASE: Record<string, string> = {
  alpha: 'a',
  a: 'a',
  beta: 'b',
  b: 'b',
  c: 'rc',
  rc: 'rc',
  pre: 'rc',
  preview: 'rc',
};

/** Leading zeros dropped, as PEP 440 reads every number; a number left out is 0. */
const int = (digits: string | undefined) => (digits ?? '0').replace(/^0+(?=\d)/, '');

/**
 * PEP 440's normal form, a zero epoch and trailing `.0`s of the release left out (`3.2` is `3.2.0`,
 * as PEP 440 compares them); null when the text is not a PEP 440 version.
 */
function pep440(text: string): string | null {
  const g = PEP440.exec(text)?.groups;
  if (!g) return null;
  const release = (g.release ?? '').split('.').map(int);
  while (release.length > 1 && release.at(-1) === '0') release.pop();
  const post = g.postN1 ?? g.postN2;
  return [
    int(g.epoch) === '0' ? '' : `${int(g.epoch)}!`,
    release.join('.'),
    g.pre === undefined ? '' : `${PRE_RELEASE[g.pre]}${int(g.preN)}`,
    g.post === undefined && post === undefined ? '' : `.post${int(post)}`,
    g.dev === undefined ? '' : `.dev${int(g.devN)}`,
  ].join('');
}

/** Whether two versions are one, read as `ecosystem`'s (the side that has one, PyPI's rules for PyPI). */
export function sameVersion(a: string, b: string, ecosystem: string | null | undefined): boolean {
  return a === b || versionKey(a, ecosystem) === versionKey(b, ecosystem);
}

/** The ecosystem both sides are read in: the one either gives; undefined when they differ. */
export function sharedEcosystem(a: PackageName, b: PackageName): string | null | undefined {
  return shared(ecosystemKey(a.ecosystem), ecosystemKey(b.ecosystem));
}

function shared(a: string | null, b: string | null): string | null | undefined {
  return a !== null && b !== null && a !== b ? undefined : (a ?? b);
}

/** A side's name read once: ecosystem key, and group, artifact and full name lower-cased. */
interface NameKeys {
  ecosystem: string | null;
  namespace: string | null;
  name: string;
  /** `group:artifact` when the group is given apart, else the name. */
  full: string;
}

function keysOf(p: PackageName): NameKeys {
  const namespace = p.namespace === null ? null : p.namespace.trim().toLowerCase();
  const name = p.name.trim().toLowerCase();
  const full = namespace === null ? name : `${namespace}:${name}`;
  return { ecosystem: ecosystemKey(p.ecosystem), namespace, name, full };
}

/**
 * Whether two sides name one package: the ecosystem when both give one, the name (in that
 * ecosystem's rules), and for Maven the group when both give one (`group:artifact`,
 * `group/artifact` and the artifact alone when one side lacks the group).
 */
export function samePackage(a: PackageName, b: PackageName): boolean {
  return sameKeys(keysOf(a), keysOf(b));
}

function sameKeys(a: NameKeys, b: NameKeys): boolean {
  const ecosystem = shared(a.ecosystem, b.ecosystem);
  if (ecosystem === undefined) return false;
  // Most pairs are spelled alike: no normalisation to run.
  if (a.full === b.full) return true;
  const norm = namesIn(ecosystem);
  return namedBy(a, b, ecosystem, norm) || namedBy(b, a, ecosystem, norm);
}

/** The part after the last `/` or `:`: a Maven artifact id without its group. */
const lastSegment = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf(':')) + 1);

/** Whether one of `id`'s spellings is `other`'s name. */
function namedBy(id: NameKeys, other: NameKeys, ecosystem: string | null, norm: (name: string) => string): boolean {
  const target = norm(other.full);
  if (norm(id.name) === target) return true;
  if (id.namespace !== null) return norm(id.full) === target || norm(`${id.namespace}/${id.name}`) === target;
  // A Maven package listed as `group:artifact` while `id` gives the artifact alone.
  return ecosystem === 'maven' && lastSegment(target) === norm(id.name);
}

/**
 * Coarser than every name equality above: each run of `-`, `_`, `.`, `/` and `:` is one `-` (PEP
 * 503's separators, and Maven's). A lone `-` is left as it is, so most names are not copied.
 */
const looseKey = (lowerCased: string) => lowerCased.replace(/[-_./:]*[_./:][-_./:]*|--+/g, '-');

/** Maven's rule (the artifact alone) may apply to this side. */
const mavenLike = (k: NameKeys) => k.ecosystem === null || k.ecosystem === 'maven';

/** The artifact of a full name with a group (`g:a`, `g/a`); null without one. */
function artifactOf(k: NameKeys): string | null {
  const artifact = lastSegment(k.full);
  return artifact === k.full ? null : artifact;
}

/** An index's buckets: by full name, by name apart from its group, by the artifact of a full name. */
interface Shelves {
  full: Map<string, Bucket>;
  name: Map<string, Bucket>;
  artifact: Map<string, Bucket>;
}

function fileItem(shelves: Shelves, k: NameKeys, at: number): void {
  file(shelves.full, looseKey(k.full), at);
  if (k.namespace !== null) file(shelves.name, looseKey(k.name), at);
  const artifact = mavenLike(k) ? artifactOf(k) : null;
  if (artifact !== null) file(shelves.artifact, looseKey(artifact), at);
}

/**
 * The items in the buckets a probe reads: every item `sameKeys` accepts is in one (its full name is
 * the probe's, or one of them is the other's name apart from its group or, for Maven, its artifact).
 */
function candidatesOf(shelves: Shelves, k: NameKeys): number[] {
  const full = looseKey(k.full);
  const found: number[] = [];
  take(found, shelves.full.get(full));
  take(found, shelves.name.get(full));
  if (k.namespace !== null) take(found, shelves.full.get(looseKey(k.name)));
  if (mavenLike(k)) {
    const artifact = artifactOf(k);
    if (artifact !== null) take(found, shelves.full.get(looseKey(artifact)));
    if (k.namespace === null) take(found, shelves.artifact.get(full));
  }
  // Buckets may share items; each comes once, in the items' order.
  return found.length < 2 ? found : [...new Set(found)].sort((a, b) => a - b);
}

/**
 * Files `items` once by name; the function it returns gives, in their order, the items that are the
 * probe's package. A lookup reads a few buckets, each of names that may be the probe's (Go's `…/v2`
 * modules never share one), so joining n probes to n items is linear.
 */
export function packageIndex<T>(items: readonly T[], nameOf: (item: T) => PackageName): (probe: PackageName) => T[] {
  const keys = items.map((item) => keysOf(nameOf(item)));
  const shelves: Shelves = { full: new Map(), name: new Map(), artifact: new Map() };
  keys.forEach((k, at) => fileItem(shelves, k, at));
  return (name) => {
    const probe = keysOf(name);
    const found: T[] = [];
    for (const at of candidatesOf(shelves, probe))
      if (sameKeys(keys[at] as NameKeys, probe)) found.push(items[at] as T);
    return found;
  };
}

/** Items' positions; one alone is kept as a number (most names have one item: no array each). */
type Bucket = number | number[];

function file(buckets: Map<string, Bucket>, key: string, at: number): void {
  const bucket = buckets.get(key);
  if (bucket === undefined) buckets.set(key, at);
  else if (typeof bucket === 'number') buckets.set(key, [bucket, at]);
  else bucket.push(at);
}

function take(found: number[], bucket: Bucket | undefined): void {
  if (typeof bucket === 'number') found.push(bucket);
  // A loop, not a spread: a bucket may be larger than a call's arguments may be.
  else if (bucket !== undefined) for (const at of bucket) found.push(at);
}
