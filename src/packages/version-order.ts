// Pure: the order of versions as most ecosystems spell them, and GitHub's advisory ranges
// (`>= 2.13.0, < 2.15.0`): which entry of an advisory holds a version (policy/fix.ts), and the later
// of two fixes (reports/fix-words.ts).
import { versionKey } from './identity.js';

/** Whether `version` is in GitHub's range (comma-separated `<`, `<=`, `>`, `>=`, `=` constraints); false when one cannot be read. */
export function inRange(version: string, range: string): boolean {
  return range.split(',').every((part) => {
    const m = /^\s*(<=|>=|<|>|=)?\s*(\S+)\s*$/.exec(part);
    if (!m) return false;
    const order = compareVersions(version, m[2]!);
    switch (m[1] ?? '=') {
      case '<':
        return order < 0;
      case '<=':
        return order <= 0;
      case '>':
        return order > 0;
      case '>=':
        return order >= 0;
      default:
        return order === 0;
    }
  });
}

/**
 * The order of two versions, as most ecosystems spell them: dotted numbers compared as numbers
 * (`2.10` after `2.9`), a missing part as 0, a pre-release (`-beta.1`, `rc1`) before its release;
 * a leading `v` and build metadata ignored.
 */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.release.length, y.release.length); i++) {
    const d = (x.release[i] ?? 0) - (y.release[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === '') return 1;
  if (y.pre === '') return -1;
  return comparePre(x.pre, y.pre);
}

function parts(version: string): { release: number[]; pre: string } {
  const text = versionKey(version, null);
  const m = /^(\d+(?:\.\d+)*)[-.]?(.*)$/.exec(text);
  if (!m) return { release: [], pre: text };
  return { release: m[1]!.split('.').map(Number), pre: m[2]! };
}

/** Pre-release identifiers, dot-separated, numbers as numbers (`beta.2` before `beta.10`). */
function comparePre(a: string, b: string): number {
  const [x, y] = [a.split(/[.-]/), b.split(/[.-]/)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i], y[i]];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const [np, nq] = [/^\d+$/.test(p) ? Number(p) : NaN, /^\d+$/.test(q) ? Number(q) : NaN];
    const d = !Number.isNaN(np) && !Number.isNaN(nq) ? np - nq : p < q ? -1 : p > q ? 1 : 0;
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
