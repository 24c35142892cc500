// judgeSupply (src/run/judge.ts): what a pull request brings in and, under deny-packages, what the
// service lists, as one list (contract: "Before any advisory", denied packages; output denied-count:
// "denied packages found (brought in, or listed by the service)"): a denied version both brought in
// and listed is one package, judged as brought in.
import { describe, expect, test } from '@jest/globals';
import type { Package, SupplyChainEntry } from '../../src/model.js';
import type { SupplyGathered } from '../../src/policy/supply-chain.js';
import type { VerdictPolicy } from '../../src/policy/verdict.js';
import { judgeSupply } from '../../src/run/judge.js';
import { makeConfig } from '../fixtures/result.js';

const DENY = [{ purl: 'pkg:npm/zod', reason: 'replaced' }];

function listed(name: string, version: string, manifestPath: string): Package {
  return {
    id: `pkg_${name}_${version}_${manifestPath}`,
    name,
    version,
    ecosystem: 'npm',
    manifestPath,
    manifestStartLine: 14,
    manifestEndLine: 14,
    manifestStartColumn: null,
    manifestEndColumn: null,
  };
}

function brought(name: string, version: string, manifest: string): SupplyChainEntry {
  return {
    ecosystem: 'npm',
    name,
    version,
    packageUrl: `pkg:npm/${name}@${version}`,
    manifests: [manifest],
    scope: 'runtime',
    source: 'change',
    publishedAt: null,
    ageHours: null,
    landsFrom: null,
    releaseAge: null,
    unknownWhy: null,
    malicious: null,
    denied: DENY[0]!,
    locations: [],
  };
}

const gathered = (entries: SupplyChainEntry[]): SupplyGathered => ({
  entries,
  releaseAge: null,
  malicious: null,
  private: 0,
});
const policy: VerdictPolicy = {
  failOn: 'critical',
  ignoreUnreachable: false,
  allow: [],
  now: new Date('2026-11-28T00:00:00Z'),
};

describe('judgeSupply', () => {
  test('a denied version brought in and listed by the service is one entry, the brought-in one', () => {
    const judged = judgeSupply(
      makeConfig({ denyPackages: DENY }),
      gathered([brought('zod', '3.23.8', 'web/package.json')]),
      [listed('zod', '3.23.8', 'package.json')],
      { ...policy },
    );
    expect(judged?.map((e) => [e.source, e.name, e.version, e.disposition.gates])).toEqual([
      ['change', 'zod', '3.23.8', true],
    ]);
  });

  test('another version of it listed by the service stays an entry of its own', () => {
    const judged = judgeSupply(
      makeConfig({ denyPackages: DENY }),
      gathered([brought('zod', '3.23.8', 'web/package.json')]),
      [listed('zod', '3.22.4', 'package.json')],
      { ...policy },
    );
    expect(judged?.map((e) => `${e.source} ${e.name}@${e.version}`).sort()).toEqual([
      'change zod@3.23.8',
      'service zod@3.22.4',
    ]);
  });
});
