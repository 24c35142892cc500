// The license policy (contract: "License policy"): which packages' licenses violate allow-licenses
// or deny-licenses, and which are unknown. Pure. An expression is parsed once (license-expression.ts)
// and judged over its tree in linear time: never expanded into every way of satisfying it, which
// doubles with each OR group. Whether one license is another or in its range (`GPL-2.0+`,
// `-or-later`) comes from spdx-satisfies, one license at a time.
import satisfies from 'spdx-satisfies';
import type { LicenseEntry, LicenseFinding, LicenseReport, Package, UnknownLicenses } from '../model.js';
import { locationOf, packageMatches, packageVersionLabel, parsePackageIdentifier } from '../packages/locations.js';
import { parseLicenseExpression, type LicenseLeaf, type LicenseNode } from './license-expression.js';
import { CURRENT, LICENSE_REF } from './license-ids.js';
import DEPRECATED_IDS from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import EXCEPTIONS from 'spdx-exceptions/index.json' with { type: 'json' };
import DEPRECATED_EXCEPTIONS from 'spdx-exceptions/deprecated.json' with { type: 'json' };

export interface LicensePolicy {
  /** allow-licenses: ids that may be used; null when not set. */
  allow: string[] | null;
  /** deny-licenses: ids that may not; null when not set. */
  deny: string[] | null;
  unknown: UnknownLicenses;
}

/** What a package's license is, as the gate sees it. */
export type LicenseStatus = 'allowed' | 'violation' | 'unknown';

/** An entry's license: its id when valid SPDX, else its name when that is; null when neither (unknown). */
function readLicense(entry: Pick<LicenseEntry, 'id' | 'name'>): { expression: string; node: LicenseNode } | null {
  for (const candidate of [entry.id, entry.name]) {
    const text = candidate?.trim();
    if (!text || /^(NOASSERTION|NONE)$/i.test(text)) continue;
    const expression = canonical(text);
    const node = parseLicenseExpression(expression);
    if (node !== null) return { expression, node };
  }
  return null;
}

/** The license expression of an entry: its id when valid SPDX, else its name when that is, else null (unknown). */
export function licenseExpression(entry: Pick<LicenseEntry, 'id' | 'name'>): string | null {
  return readLicense(entry)?.expression ?? null;
}

// SPDX ids and operators match case-insensitively (SPDX spec, annex D); the parser does not, so
// `gpl-3.0-only` from a service must not read as unknown and slip past a deny list.
const CANONICAL = new Map<string, string>(
  [...CURRENT, ...DEPRECATED_IDS, ...EXCEPTIONS, ...DEPRECATED_EXCEPTIONS].map((id) => [id.toLowerCase(), id]),
);

/**
 * The expression with its ids, operators and `LicenseRef-`/`DocumentRef-` as SPDX writes them (what
 * follows those prefixes as given: refs are compared in any case by the policy).
 */
function canonical(text: string): string {
  return text.replace(/[A-Za-z0-9][A-Za-z0-9.+-]*/g, (word) => {
    const lower = word.toLowerCase();
    if (lower === 'and' || lower === 'or' || lower === 'with') return lower.toUpperCase();
    if (lower.startsWith('licenseref-')) return `LicenseRef-${word.slice('licenseref-'.length)}`;
    if (lower.startsWith('documentref-')) return `DocumentRef-${word.slice('documentref-'.length)}`;
    const plus = lower.endsWith('+') && !CANONICAL.has(lower);
    const id = CANONICAL.get(plus ? lower.slice(0, -1) : lower);
    return id === undefined ? word : `${id}${plus ? '+' : ''}`;
  });
}

/**
 * Whether the expression can be satisfied with the licenses `usable` accepts: OR needs one part, AND
 * every part. Each node is visited once; recursion only where the expression nests parentheses.
 */
function satisfiable(node: LicenseNode, usable: (leaf: LicenseLeaf) => boolean): boolean {
  if (node.kind === 'license') return usable(node);
  const part = (p: LicenseNode) => satisfiable(p, usable);
  return node.kind === 'or' ? node.parts.some(part) : node.parts.every(part);
}

/** A license as spdx-satisfies reads one: the id and `+`, the exception left out (it only adds permissions). */
const leafText = (leaf: LicenseLeaf) => `${leaf.license}${leaf.plus ? '+' : ''}`;

const lower = (id: string) => id.toLowerCase();

// The deprecated ids that name a license with an exception, and the base and exception of the
// `WITH` expression SPDX names as each one's replacement (GPL-2.0 alone means GPL-2.0-only).
const WITH_EXCEPTION: Readonly<Record<string, readonly [base: string, exception: string]>> = {
  'GPL-2.0-with-autoconf-exception': ['GPL-2.0', 'Autoconf-exception-2.0'],
  'GPL-2.0-with-bison-exception': ['GPL-2.0', 'Bison-exception-2.2'],
  'GPL-2.0-with-classpath-exception': ['GPL-2.0', 'Classpath-exception-2.0'],
  'GPL-2.0-with-font-exception': ['GPL-2.0', 'Font-exception-2.0'],
  'GPL-2.0-with-GCC-exception': ['GPL-2.0', 'GCC-exception-2.0'],
  'GPL-3.0-with-autoconf-exception': ['GPL-3.0', 'Autoconf-exception-3.0'],
  'GPL-3.0-with-GCC-exception': ['GPL-3.0', 'GCC-exception-3.1'],
};
export const DEPRECATED_WITH_EXCEPTION: readonly string[] = Object.keys(WITH_EXCEPTION);

/** A license as the policy judges it: a deprecated `…-with-…-exception` id as its `WITH` replacement. */
function replaced(leaf: LicenseLeaf): LicenseLeaf {
  const replacement = Object.hasOwn(WITH_EXCEPTION, leaf.license) ? WITH_EXCEPTION[leaf.license] : undefined;
  if (!replacement) return leaf;
  const [base, exception] = replacement;
  return { ...leaf, license: `${base}-${leaf.plus ? 'or-later' : 'only'}`, plus: false, exception };
}

/**
 * `test` of each license as judged (see replaced), remembered per license for the whole run: an
 * expression repeats its licenses, and entries repeat each other's.
 */
function remembered(test: (leaf: LicenseLeaf) => boolean): (leaf: LicenseLeaf) => boolean {
  const answers = new Map<string, boolean>();
  return (leaf) => {
    const text = leafText(leaf);
    let answer = answers.get(text);
    if (answer === undefined) answers.set(text, (answer = test(replaced(leaf))));
    return answer;
  };
}

/** A compiled policy: the verdict on one parsed license expression (null: unknown). */
function compilePolicy({ allow, deny }: LicensePolicy): (node: LicenseNode | null) => LicenseStatus {
  // The concrete licenses one may use under a deny list: every id but the denied and the "or later"
  // ones (a range is not a license; it is satisfied by a concrete one in it). Deprecated ids count
  // too (wxWindows, Nunit), but not the GNU ones: spdx-satisfies reads GPL-2.0 as GPL-2.0-only, so
  // a denied GPL-2.0-only must not come back under its old name.
  const denied = new Set(deny ?? []);
  // spdx-satisfies reads `X-only` as `X`; ids whose `X` is no id of its own (GFDL-1.1-invariants-only)
  // would make it throw, and they are no member of any range anyway.
  const usable = deny
    ? [...CURRENT, ...DEPRECATED_IDS.filter((id) => !/^(A|L)?GPL-|^GFDL-/.test(id))].filter(
        (id) =>
          !denied.has(id) &&
          !id.endsWith('-or-later') &&
          !id.endsWith('+') &&
          parseLicenseExpression(id.replace(/-only$/, '')) !== null,
      )
    : [];
  // spdx-satisfies cannot read some current ids (GFDL-1.2-invariants-or-later), on either side:
  // the allow list is given only the ids it reads, and a license it cannot read is allowed only
  // when it is an allowed id exactly (no range).
  const allowed = new Set(allow ?? []);
  const readable = (allow ?? []).filter((id) => !LICENSE_REF.test(id) && readableBySatisfies(id));
  // LicenseRef-… and DocumentRef-… match in any case, on either side.
  const refs = (ids: string[] | null) => new Set((ids ?? []).filter((id) => LICENSE_REF.test(id)).map(lower));
  const allowedRefs = refs(allow);
  const deniedRefs = refs(deny);
  const isAllowed = remembered((leaf) => {
    if (leaf.ref) return allowedRefs.has(lower(leaf.license));
    try {
      return satisfies(leafText(leaf), readable);
    } catch {
      return !leaf.plus && allowed.has(leaf.license);
    }
  });
  const isDenied = remembered((leaf) =>
    leaf.ref ? deniedRefs.has(lower(leaf.license)) : denied.has(leaf.license) || !satisfiedBy(leafText(leaf), usable),
  );
  const notDenied = (leaf: LicenseLeaf) => !isDenied(leaf);
  return (node) => {
    if (node === null) return 'unknown';
    if (allow) return satisfiable(node, isAllowed) ? 'allowed' : 'violation';
    // Every way of satisfying it uses a denied license: there is no way with the others alone.
    if (deny) return satisfiable(node, notDenied) ? 'allowed' : 'violation';
    return 'allowed';
  };
}

/** A compiled policy: the verdict on one license expression (null expression: unknown). */
export function licensePolicy(policy: LicensePolicy): (expression: string | null) => LicenseStatus {
  const judge = compilePolicy(policy);
  return (expression) => judge(expression === null ? null : parseLicenseExpression(expression));
}

/**
 * Whether a license is one of `licenses` or in a range they satisfy. An id spdx-satisfies cannot
 * read (GFDL-1.2-invariants-only: it reads `-only` away and finds no id) is not satisfied by
 * anything but itself, which the caller has checked: it is judged by its name alone.
 */
function satisfiedBy(license: string, licenses: string[]): boolean {
  try {
    return satisfies(license, licenses);
  } catch {
    return true;
  }
}

function readableBySatisfies(id: string): boolean {
  try {
    satisfies(id, [id]);
    return true;
  } catch {
    return false;
  }
}

/** The packages a license-exceptions entry names, matched as alerts are matched to packages. */
function exempt(exceptions: string[]): (pkg: Package) => boolean {
  const ids = exceptions.map(parsePackageIdentifier).filter((id) => id !== null);
  return (pkg) => ids.some((id) => packageMatches(id, pkg));
}

/**
 * Every package of every license entry judged by the policy: violations, then unknown licenses
 * (as unknown-licenses says), each package and license once. Packages matched by
 * license-exceptions are skipped silently.
 */
export function evaluateLicenses(
  entries: LicenseEntry[],
  policy: LicensePolicy & { exceptions: string[] },
): LicenseReport {
  const judge = compilePolicy(policy);
  const isExempt = exempt(policy.exceptions);
  const findings: LicenseFinding[] = [];
  const seen = new Set<string>();
  let checked = 0;
  let exempted = 0;
  for (const entry of entries) {
    const license = readLicense(entry);
    const expression = license?.expression ?? null;
    const status = judge(license?.node ?? null);
    for (const pkg of entry.packages) {
      // Only the same package, at the same place, under the same license is judged once: a package
      // under several entries is judged under each, and packages whose ids collide (an empty id
      // from the service) are each judged.
      const where = [pkg.id, pkg.ecosystem, pkg.name, pkg.version, pkg.manifestPath, pkg.manifestStartLine];
      const key = JSON.stringify([...where, expression ?? entry.id ?? entry.name ?? '']);
      if (seen.has(key)) continue;
      seen.add(key);
      if (isExempt(pkg)) {
        exempted++;
        continue;
      }
      checked++;
      if (status === 'allowed' || (status === 'unknown' && policy.unknown === 'ignore')) continue;
      findings.push({
        package: packageVersionLabel(pkg),
        ecosystem: pkg.ecosystem,
        license: (entry.id?.trim() || entry.name?.trim()) ?? '',
        expression,
        status,
        gates: status === 'violation' || policy.unknown === 'fail',
        location: locationOf(pkg),
      });
    }
  }
  const order = (f: LicenseFinding) => (f.status === 'violation' ? 0 : 1);
  findings.sort((a, b) => order(a) - order(b) || (a.package < b.package ? -1 : a.package > b.package ? 1 : 0));
  return {
    mode: policy.allow ? 'allow' : 'deny',
    ids: policy.allow ?? policy.deny ?? [],
    unknown: policy.unknown,
    checked,
    exempted,
    findings,
  };
}
