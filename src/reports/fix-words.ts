// The way out in words (contract: "The fix"): the Fix column's cell (`4.17.21`, `none published`,
// `not available`, `not looked up`) and the upgrades to make ("upgrade lodash to 4.17.21 in
// package-lock.json"), for the summary's and comment's tables, "What to do" and the failure message.
// Pure.
import type { EvaluatedAlert, GateResult } from '../model.js';
import { FALLBACK_MANIFEST_PATH, packageLabel } from '../packages/locations.js';
import { compareVersions } from '../packages/version-order.js';
import { codeCell } from './markdown.js';

type Subject = Pick<EvaluatedAlert, 'fix' | 'fixNote'>;

/** The Fix column's cell. */
export function fixCell({ fix, fixNote }: Subject): string {
  if (fix) return fix.version === null ? 'none published' : codeCell(fix.version, 60);
  if (fixNote === 'not-available') return 'not available';
  if (fixNote === 'not-looked-up') return 'not looked up';
  return '—';
}

/** One upgrade to make: the package, the version that fixes it, where it is declared. */
export interface Upgrade {
  name: string;
  version: string;
  manifest: string | null;
}

/**
 * The upgrades that would unblock the gate: each gating finding and alert with a published fix, once
 * per package and manifest, the highest fix when several advisories name one package.
 */
export function upgradesOf(result: GateResult): Upgrade[] {
  const findings = (result.introduced?.findings ?? []).filter((f) => f.disposition.gates);
  const alerts = result.counts === null ? [] : result.verdict.gating;
  const upgrades = new Map<string, Upgrade>();
  const add = (name: string, version: string | null | undefined, manifest: string | null) => {
    if (!version) return;
    const key = `${name}\n${manifest ?? ''}`;
    const known = upgrades.get(key);
    // Several advisories on one package: the later version fixes them all.
    if (!known || compareVersions(version, known.version) > 0) upgrades.set(key, { name, version, manifest });
  };
  for (const f of findings) add(f.name, f.fix?.version, f.manifests[0] ?? null);
  for (const e of alerts) {
    const where = e.locations?.find((l) => l.path !== FALLBACK_MANIFEST_PATH)?.path ?? null;
    add(nameOf(e), e.fix?.version, where);
  }
  return [...upgrades.values()];
}

/** "upgrade lodash to 4.17.21 in package-lock.json"; plain text. */
export const upgradeWords = ({ name, version, manifest }: Upgrade) =>
  `upgrade ${name} to ${version}${manifest ? ` in ${manifest}` : ''}`;

/** The package's name without its version, as a developer types it. */
function nameOf(e: EvaluatedAlert): string {
  const label = packageLabel(e.package);
  const at = label.lastIndexOf('@');
  return at > 0 ? label.slice(0, at) : label;
}
