// The license policy (contract: "License policy"): which packages' licenses violate allow-licenses
// or deny-licenses, and which are unknown. Pure. SPDX parsing and satisfaction come from the
// well-kept spdx-* packages; this module only decides what the contract's rules mean with them.
import parse, { type SpdxLeaf, type SpdxNode } from 'spdx-expression-parse';
import satisfies from 'spdx-satisfies';
import type { LicenseEntry, LicenseFinding, LicenseReport, Package, UnknownLicenses } from '../model.js';
import { locationOf, packageMatches, packageVersionLabel, parsePackageIdentifier } from '../packages/locations.js';
import { CURRENT } from './license-ids.js';
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

/** The license expression of an entry: its id when valid SPDX, else its name when that is, else null (unknown). */
export function licenseExpression(entry: { id: string | null; name: string | null }): string | null {
  for (const candidate of [entry.id, entry.name]) {
    const text = candidate?.trim();
    if (!text || /^(NOASSERTION|NONE)$/i.test(text)) continue;
    const expression = canonical(text);
    if (parsed(expression) !== null) return expression;
  }
  return null;
}

// SPDX ids and operators match case-insensitively (SPDX spec, annex D); the parser does not, so
// `gpl-3.0-only` from a service must not read as unknown and slip past a deny list.
const CANONICAL = new Map<string, string>(
  [...CURRENT, ...DEPRECATED_IDS, ...EXCEPTIONS, ...DEPRECATED_EXCEPTIONS].map((id) => [id.toLowerCase(), id]),
);

/** The expression with its ids and operators as SPDX writes them (LicenseRef-… as given). */
function canonical(text: string): string {
  return text.replace(/[A-Za-z0-9][A-Za-z0-9.+-]*/g, (word) => {
    const lower = word.toLowerCase();
    if (lower === 'and' || lower === 'or' || lower === 'with') return lower.toUpperCase();
    const plus = lower.endsWith('+') && !CANONICAL.has(lower);
    const id = CANONICAL.get(plus ? lower.slice(0, -1) : lower);
    return id === undefined ? word : `${id}${plus ? '+' : ''}`;
  });
}

function parsed(expression: string): SpdxNode | null {
  try {
    return parse(expression);
  } catch {
    return null;
  }
}

/** The expression as text again, exceptions left out: an exception only adds permissions. */
function withoutExceptions(node: SpdxNode): string {
  if ('license' in node) return `${node.license}${node.plus ? '+' : ''}`;
  return `(${withoutExceptions(node.left)} ${node.conjunction.toUpperCase()} ${withoutExceptions(node.right)})`;
}

/** Every way of satisfying the expression: a list of licenses all of which are needed, per way. */
function waysOf(node: SpdxNode, limit = 256): SpdxLeaf[][] {
  if ('license' in node) return [[node]];
  const left = waysOf(node.left, limit);
  const right = waysOf(node.right, limit);
  if (node.conjunction === 'or') return [...left, ...right].slice(0, limit);
  return left.flatMap((l) => right.map((r) => [...l, ...r])).slice(0, limit);
}

/** A compiled policy: the verdict on one license expression (null expression: unknown). */
export function licensePolicy(policy: LicensePolicy): (expression: string | null) => LicenseStatus {
  const { allow, deny } = policy;
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
          parsed(id.replace(/-only$/, '')) !== null,
      )
    : [];
  // spdx-satisfies cannot read some current ids (GFDL-1.2-invariants-or-later), on either side:
  // the allow list is given only the ids it reads, and an expression it cannot read is allowed
  // only when one way of satisfying it is made of allowed ids exactly (no range).
  const allowed = new Set(allow ?? []);
  const readable = (allow ?? []).filter((id) => readableBySatisfies(id));
  const isAllowed = (node: SpdxNode): boolean => {
    try {
      return satisfies(withoutExceptions(node), readable);
    } catch {
      return waysOf(node).some((way) => way.every((leaf) => !leaf.plus && allowed.has(leaf.license)));
    }
  };
  const leafDenied = new Map<string, boolean>();
  const isDenied = (leaf: SpdxLeaf): boolean => {
    const text = `${leaf.license}${leaf.plus ? '+' : ''}`;
    let answer = leafDenied.get(text);
    if (answer === undefined) {
      answer = denied.has(leaf.license) || (!leaf.license.startsWith('LicenseRef-') && !satisfiedBy(text, usable));
      leafDenied.set(text, answer);
    }
    return answer;
  };
  return (expression) => {
    const node = expression === null ? null : parsed(expression);
    if (node === null) return 'unknown';
    if (allow) return isAllowed(node) ? 'allowed' : 'violation';
    if (deny) return waysOf(node).every((way) => way.some(isDenied)) ? 'violation' : 'allowed';
    return 'allowed';
  };
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
  const judge = licensePolicy(policy);
  const isExempt = exempt(policy.exceptions);
  const findings: LicenseFinding[] = [];
  const seen = new Set<string>();
  let checked = 0;
  let exempted = 0;
  for (const entry of entries) {
    const expression = licenseExpression(entry);
    const status = judge(expression);
    for (const pkg of entry.packages) {
      const key = `${pkg.id}\n${expression ?? entry.id ?? entry.name ?? ''}`;
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
