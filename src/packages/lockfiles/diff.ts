// The change between a lockfile's base and head copies, as GitHub's compare would give it (contract:
// "Without GitHub's dependency graph"): an entry in the head and not in the base is added, the other
// way round removed, packages and versions compared by the one equality (packages/identity.ts), so a
// version written another way (`3.2` and `3.2.0` on PyPI) is no change. Linear: each side indexed once.
import type { DependencyChange } from '../../model.js';
import { ecosystemKey, nameKey, versionKey } from '../identity.js';
import { widerScope, type LockEntry } from './entry.js';

/**
 * identity.ts's equality as one string: for packages without a Maven group (every lockfile's),
 * samePackage and sameVersion hold exactly when the ecosystem, name and version keys are equal.
 */
const keyOf = (e: LockEntry) =>
  `${ecosystemKey(e.ecosystem)}\n${nameKey(e.name, e.ecosystem)}\n${versionKey(e.version, e.ecosystem)}`;

/** Each package version once, in the wider scope of its copies (two spellings of one version are one). */
function index(entries: readonly LockEntry[]): Map<string, LockEntry> {
  const byKey = new Map<string, LockEntry>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const known = byKey.get(key);
    if (known === undefined) byKey.set(key, entry);
    else if (widerScope(known.scope, entry.scope) !== known.scope) byKey.set(key, { ...known, scope: entry.scope });
  }
  return byKey;
}

/**
 * `base` null: the file is added (every head entry added); `head` null: it is removed (every base
 * entry removed). `manifest` is the lockfile's repository-relative path. Removed entries come first,
 * each side in its file's order.
 */
export function diffLockfiles(
  base: readonly LockEntry[] | null,
  head: readonly LockEntry[] | null,
  manifest: string,
): DependencyChange[] {
  const before = index(base ?? []);
  const after = index(head ?? []);
  const changes: DependencyChange[] = [];
  for (const [key, entry] of before) if (!after.has(key)) changes.push(change('removed', entry, manifest));
  for (const [key, entry] of after) if (!before.has(key)) changes.push(change('added', entry, manifest));
  return changes;
}

const change = (changeType: 'added' | 'removed', e: LockEntry, manifest: string): DependencyChange => ({
  changeType,
  manifest,
  ecosystem: e.ecosystem,
  name: e.name,
  version: e.version,
  packageUrl: e.packageUrl,
  vulnerabilities: [],
  license: null,
  scope: e.scope,
});
