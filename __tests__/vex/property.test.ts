// Property (contract: "VEX statements"): over random OpenVEX documents and alerts, an alert is spared
// exactly when the latest statement that speaks of it says not_affected or fixed. The oracle below
// reads the contract's words on its own (ids in any case; name, version when given, the statement's
// qualifiers in the alert's; statement time, then document time; ties to the later read).
import { describe, expect, test } from '@jest/globals';
import type { Alert } from '../../src/model.js';
import { judgeAlerts } from '../../src/policy/verdict.js';
import { parseVexDocument } from '../../src/vex/document.js';
import { vexIndex } from '../../src/vex/match.js';
import { prng } from '../integration/change-fixtures.js';

const ADVISORIES = [
  ['GHSA-aaaa-aaaa-aaaa', 'CVE-2024-0001'],
  ['GHSA-bbbb-bbbb-bbbb', 'CVE-2024-0002'],
  ['GHSA-cccc-cccc-cccc', 'CVE-2024-0003'],
] as const;
const NAMES = ['lodash', 'qs'];
const VERSIONS = ['1.0.0', '2.0.0'];
const ARCHES = ['amd64', 'arm64'];
const STATUSES = ['not_affected', 'fixed', 'affected', 'under_investigation'] as const;
const TIMES = ['2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z', '2025-02-01T00:00:00.000+00:00', '2025-03-01T00:00:00Z'];

interface Pkg {
  name: string;
  version: string | null;
  arch: string | null;
}
const purlOf = (p: Pkg) => `pkg:npm/${p.name}${p.version ? `@${p.version}` : ''}${p.arch ? `?arch=${p.arch}` : ''}`;

interface Spec {
  ids: string[];
  pkg: Pkg;
  /** Named as a subcomponent of an image digest, rather than as the product. */
  nested: boolean;
  status: (typeof STATUSES)[number];
  time: string | null;
  docTime: string | null;
  /** Where it stands: its file and index there. */
  file: string;
  index: number;
}

function randomWorld(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const maybe = <T>(value: T): T | null => (random() < 0.5 ? value : null);
  const alerts: (Alert & { pkg: Pkg })[] = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => {
    const [advisory, cve] = pick(ADVISORIES);
    const pkg = { name: pick(NAMES), version: pick(VERSIONS), arch: maybe(pick(ARCHES)) };
    return {
      id: `alert_${i}`,
      advisory,
      aliases: [cve],
      severity: 'critical',
      score: 9.8,
      alerted: true,
      reachability: null,
      package: purlOf(pkg),
      summary: '',
      description: '',
      references: [],
      languages: [],
      createdAt: null,
      updatedAt: null,
      pkg,
    };
  });
  const specs: Spec[] = [];
  const documents = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, d) => {
    const docTime = maybe(pick(TIMES));
    const statements = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => {
      const [advisory, cve] = pick(ADVISORIES);
      const id = pick([advisory, cve, cve.toLowerCase()]);
      const pkg = { name: pick(NAMES), version: maybe(pick(VERSIONS)), arch: maybe(pick(ARCHES)) };
      const spec: Spec = {
        ids: [id],
        pkg,
        nested: random() < 0.3,
        status: pick(STATUSES),
        time: maybe(pick(TIMES)),
        docTime,
        file: `vex-${d}.json`,
        index,
      };
      specs.push(spec);
      const product = spec.nested
        ? { '@id': 'sha256:00ff', subcomponents: [{ '@id': purlOf(pkg) }] }
        : { '@id': purlOf(pkg) };
      return {
        vulnerability: { name: id },
        products: [product],
        status: spec.status,
        ...(spec.status === 'not_affected' ? { justification: 'component_not_present' } : {}),
        ...(spec.time ? { timestamp: spec.time } : {}),
      };
    });
    const doc = {
      '@context': 'https://openvex.dev/ns/v0.2.0',
      '@id': `urn:doc:${d}`,
      ...(docTime ? { timestamp: docTime } : {}),
      statements,
    };
    const parsed = parseVexDocument(JSON.stringify(doc), `vex-${d}.json`);
    if (!parsed.ok) throw new Error(parsed.error.join('\n'));
    return parsed.value;
  });
  return { alerts, specs, documents };
}

/** The contract, read on its own: does the statement speak of the alert? */
function speaksOf(spec: Spec, alert: Alert & { pkg: Pkg }): boolean {
  const ids = [alert.advisory, ...alert.aliases].map((id) => id.toLowerCase());
  if (!spec.ids.some((id) => ids.includes(id.toLowerCase()))) return false;
  const { name, version, arch } = spec.pkg;
  return (
    name === alert.pkg.name &&
    (version === null || version === alert.pkg.version) &&
    (arch === null || arch === alert.pkg.arch)
  );
}

/** The latest statement that speaks of the alert: its time, else its document's (none earliest), ties to the later read. */
function latestOf(specs: Spec[], alert: Alert & { pkg: Pkg }): Spec | null {
  const at = (s: Spec) => {
    const time = s.time ?? s.docTime;
    return time === null ? -Infinity : new Date(time).getTime();
  };
  let latest: Spec | null = null;
  for (const spec of specs) if (speaksOf(spec, alert) && (latest === null || at(spec) >= at(latest))) latest = spec;
  return latest;
}

describe('property: an alert is spared only when the latest statement that speaks of it says not_affected or fixed', () => {
  test('300 random worlds', () => {
    const random = prng(0x7e_c5);
    for (let round = 0; round < 300; round++) {
      const { alerts, specs, documents } = randomWorld(random);
      const index = vexIndex(documents);
      const judged = judgeAlerts(alerts, {
        failOn: 'critical',
        ignoreUnreachable: false,
        allow: [],
        now: new Date('2025-06-01T00:00:00Z'),
        vex: index.latest,
      });
      judged.forEach((alert, i) => {
        const latest = latestOf(specs, alerts[i]!);
        const spared = latest !== null && (latest.status === 'not_affected' || latest.status === 'fixed');
        const context = `round ${round}, ${alert.id} (${alert.package}), latest: ${JSON.stringify(latest)}`;
        expect({ context, status: alert.status }).toEqual({ context, status: spared ? 'not-affected' : 'gating' });
        const mark = alert.vex && { file: alert.vex.file, index: alert.vex.statement };
        expect({ context, mark }).toEqual({ context, mark: latest && { file: latest.file, index: latest.index } });
      });
    }
  });
});
