// Pure: which settings a pull request's copy of the policy file changes from the base's (contract:
// "A pull request cannot change the policy that judges it"). A setting differs when its value
// does: both read as their input reads them (`HIGH` is `high`; a list given as a sequence or a
// scalar is one list; a grace-days mapping is its pairs), compared deeply; a value that does not
// read is compared as written.
import type { PolicyChange } from '../model.js';
import { INPUT_NAMES, settingValue, type InputValue, type PolicyFile } from './inputs.js';

/** The settings `proposed` changes from `base`, in input order; a file that is absent sets nothing. */
export function policyChanges(base: PolicyFile | null, proposed: PolicyFile | null): PolicyChange[] {
  const changes: PolicyChange[] = [];
  for (const key of INPUT_NAMES) {
    const [was, will] = [given(base?.values[key]), given(proposed?.values[key])];
    if (was === null && will === null) continue;
    if (was !== null && will !== null && sameSetting(key, was, will)) continue;
    changes.push({ key, base: was === null ? null : shown(was), proposed: will === null ? null : shown(will) });
  }
  return changes;
}

/** A value the file gives; an empty one gives none, as for an input. */
function given(value: InputValue | undefined): InputValue | null {
  if (value === undefined) return null;
  return (typeof value === 'string' ? value.trim() === '' : value.length === 0) ? null : value;
}

function sameSetting(key: string, a: InputValue, b: InputValue): boolean {
  const [x, y] = [settingValue(key, a), settingValue(key, b)];
  return x && y ? deepEqual(x.value, y.value) : deepEqual(a, b);
}

/** Structural equality of plain data (strings, numbers, booleans, null, arrays in order, objects by key). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const [ka, kb] = [definedKeys(a), definedKeys(b)];
  return (
    ka.length === kb.length &&
    ka.every((k) => kb.includes(k) && deepEqual(a[k as keyof typeof a], b[k as keyof typeof b]))
  );
}

const definedKeys = (o: object) => Object.keys(o).filter((k) => o[k as keyof typeof o] !== undefined);

/** A value as the file gives it, on one line: list items joined by `, `, a mapping as `{id: …, until: …}`. */
export function shown(value: InputValue): string {
  const items = typeof value === 'string' ? [value] : value;
  return items
    .map((item) =>
      typeof item === 'string'
        ? item.trim()
        : `{${Object.entries(item)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`)
            .join(', ')}}`,
    )
    .join(', ')
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', ');
}
