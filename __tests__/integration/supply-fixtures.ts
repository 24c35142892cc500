// Shared by the integration tests of "Before any advisory: release age, malicious and denied
// packages" (before-any-advisory-*.test.ts): pull requests on acme/clean-lib (no alerts of its own,
// so what a change brings in decides) that add the versions a test names, both outside sources
// pointed at the simulator's copies (deps.dev under /depsdev, OSV under /osv), and the JSON report's
// `supplyChain` as these tests read it. Publish times and OSV records come from the simulator's data
// (simulator/deps-dev.ts, simulator/osv.ts) or are set by a test; expectations are written from the
// contract's words, never from src/.
import { beforeAll, beforeEach } from '@jest/globals';
import { defaultData } from '../../simulator/data.js';
import { DEPS_DEV_PATH, depsDevData, depsDevKey, type PublishedAt } from '../../simulator/deps-dev.js';
import { epssData } from '../../simulator/epss.js';
import {
  compareEntry,
  type CompareEntry,
  type ComparedPackage,
  type FakeComment,
  type FakeGitHub,
} from '../../simulator/github.js';
import { kevCatalog } from '../../simulator/kev.js';
import { OSV_PATH, OSV_QUERYBATCH_PATH, osvData } from '../../simulator/osv.js';
import { badPullRequest, type BadPullRequest } from '../../simulator/pull-requests.js';
import type { RecordedRequest, Simulator } from '../../simulator/server.js';
import { pullRequestOn, serve } from './introduced-fixtures.js';
import { useFakeGitHub, useSimulator, type GateOptions, type GateRun, type Harness } from './harness.js';

export const REPORT = 'security-gate.json';
export const SARIF = 'security-gate.sarif';
export const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;
export const DAYS_3 = 3 * DAY;

// ---------- the pull request ----------

export const npm = (name: string, version: string): ComparedPackage => ({ ecosystem: 'npm', name, version });

/** An `added` entry of the compare, no vulnerability listed (nothing an advisory knows). */
export const added = (
  pkg: ComparedPackage,
  manifest = 'package.json',
  scope: 'runtime' | 'development' = 'runtime',
): CompareEntry => compareEntry('added', pkg, manifest, [], { scope });
export const removed = (pkg: ComparedPackage, manifest: string): CompareEntry => compareEntry('removed', pkg, manifest);

/** A package.json that names each npm package on a line of its own, in `dependencies`. */
export function packageJson(names: readonly string[]): string {
  const lines = names.map((name, i) => `    "${name}": "*"${i < names.length - 1 ? ',' : ''}`);
  return `{\n  "name": "@acme/clean-lib",\n  "version": "2.3.0",\n  "dependencies": {\n${lines.join('\n')}\n  }\n}\n`;
}

/** The 1-based line of `text` that first names `name`; null when none does. */
export function lineNaming(text: string | undefined, name: string): number | null {
  const index = text?.split('\n').findIndex((line) => line.includes(`"${name}"`)) ?? -1;
  return index === -1 ? null : index + 1;
}

/**
 * The bad pull request's event (acme/clean-lib, #57) with its compare replaced by `changes`, and the
 * workspace holding `files` (by default a package.json naming every npm package added to package.json).
 */
export function pullRequestAdding(changes: CompareEntry[], files?: Record<string, string>): BadPullRequest {
  const named = changes.filter((c) => c.ecosystem === 'npm' && c.manifest === 'package.json').map((c) => c.name);
  return { ...badPullRequest(), changes, files: files ?? { 'package.json': packageJson([...new Set(named)]) } };
}

// ---------- the sources ----------

/** release-age-url and osv-url: the simulator's copies (a run of these tests never reaches the Internet). */
export const sourceInputs = (sim: Simulator) => ({
  'release-age-url': `${sim.url}${DEPS_DEV_PATH}`,
  'osv-url': `${sim.url}${OSV_PATH}`,
});

/** A minute-aligned instant `hours` before now: the reason's minutes and hours are then exact. */
export const hoursBefore = (hours: number) => new Date(Math.floor(Date.now() / MINUTE) * MINUTE - hours * HOUR);

/** An instant as the contract's reasons say it: `2026-11-30 10:00 UTC`. */
export const utcMinute = (at: Date | number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Makes deps.dev answer `publishedAt` for an npm version (SYSTEM `NPM`). */
export const publishNpm = (sim: Simulator, name: string, version: string, at: PublishedAt | Date) =>
  sim.depsDev.versions.set(depsDevKey('NPM', name, version), at instanceof Date ? { at: at.toISOString() } : at);

export const depsDevRequests = (requests: readonly RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith(`${DEPS_DEV_PATH}/`));
export const osvRequests = (requests: readonly RecordedRequest[]) =>
  requests.filter((r) => r.path === OSV_QUERYBATCH_PATH);
export const serviceRequests = (requests: readonly RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith('/api/'));

/** One OSV query as sent. */
export interface OsvQuery {
  package: { ecosystem: string; name: string };
  version: string;
  page_token?: string;
}
export const queriesOf = (request: RecordedRequest) => (request.body as { queries: OsvQuery[] }).queries;

// ---------- the JSON report ----------

export interface SupplyEntry {
  ecosystem: string;
  name: string;
  version: string;
  packageUrl: string | null;
  manifests: string[];
  scope: string | null;
  publishedAt: string | null;
  ageHours: number | null;
  malicious: string[] | null;
  denied: { purl: string; reason?: string | null } | null;
  status: string;
  disposition: { gates: boolean; rule: string; reason: string };
  allowedBy?: { id: string };
}

export interface SupplyReport {
  result: string;
  supplyChain: { entries: SupplyEntry[] } | null;
  errors: { kind: string; message: string }[];
  warnings: { kind: string; message: string }[];
}

export function supplyReportOf(run: GateRun): SupplyReport | null {
  const text = run.files[REPORT];
  return text === undefined ? null : (JSON.parse(text) as SupplyReport);
}

/** The report's entry for `name@version`; fails when there is none or more than one. */
export function entryOf(report: SupplyReport | null, name: string, version: string): SupplyEntry {
  const found = (report?.supplyChain?.entries ?? []).filter((e) => e.name === name && e.version === version);
  if (found.length !== 1) throw new Error(`${found.length} supplyChain entries for ${name}@${version}`);
  return found[0]!;
}

// ---------- a run ----------

/** The verdict and the counts of "Before any advisory". */
export const counts = (run: GateRun) => ({
  exitCode: run.exitCode,
  result: run.outputs.result,
  gating: run.outputs['gating-count'],
  tooNew: run.outputs['too-new-count'],
  malicious: run.outputs['malicious-count'],
  denied: run.outputs['denied-count'],
});

/** Messages of the `::error` commands without a file (the failure message, input errors). */
export const failureText = (run: GateRun) =>
  run.commands
    .filter((c) => c.command === 'error' && c.properties.file === undefined)
    .map((c) => c.message)
    .join('\n');

/** Inputs as a test table writes them: a row may leave one out (undefined: not given). */
export type Inputs = Readonly<Record<string, string | undefined>>;

/** The inputs given (undefined ones left out). */
export const given = (inputs: Inputs): Record<string, string> =>
  Object.fromEntries(Object.entries(inputs).filter((e): e is [string, string] => e[1] !== undefined));

export interface SupplyRun {
  run: GateRun;
  report: SupplyReport | null;
  /** Every request the simulator received during the run. */
  requests: RecordedRequest[];
  /** The requests and comments the fake GitHub had at the end of the run. */
  github: { requests: FakeGitHub['requests']; comments: FakeComment[] };
}

export interface SupplyHarness {
  readonly h: Harness;
  readonly github: FakeGitHub;
  /** Every part of the simulator and the fake GitHub as started (for a describe's beforeAll, before beforeEach resets them). */
  fresh(): void;
  /**
   * Runs the action on `pr` (served on the fake GitHub), its manifests in the workspace, with the JSON
   * report and SARIF asked for, no retries and both sources the simulator's, unless `inputs` say otherwise.
   */
  judge(pr: BadPullRequest, inputs?: Inputs, options?: GateOptions): Promise<SupplyRun>;
  /** Runs `make` once before the tests of the calling describe block, from fresh data; the tests read its result. */
  once<T>(make: () => Promise<T>): () => T;
}

/** One simulator and one fake GitHub for the calling test file, reset before each test (deps.dev's and OSV's data too). */
export function useSupplyHarness(): SupplyHarness {
  const h = useSimulator();
  const fake = useFakeGitHub();
  const fresh = () => {
    h.sim.reset();
    h.sim.setLatency(0);
    h.sim.state = defaultData();
    h.sim.kevCatalog = kevCatalog();
    h.sim.epss = epssData();
    h.sim.depsDev = depsDevData();
    h.sim.osv = osvData();
    fake.github.reset();
  };
  beforeEach(() => {
    h.sim.depsDev = depsDevData();
    h.sim.osv = osvData();
  });
  const harness: SupplyHarness = {
    h,
    get github() {
      return fake.github;
    },
    fresh,
    async judge(pr, inputs = {}, options = {}) {
      serve(fake.github, pr);
      const run = await h.gate(
        { 'report-file': REPORT, 'sarif-file': SARIF, 'max-retries': '0', ...sourceInputs(h.sim), ...given(inputs) },
        {
          ...pullRequestOn(pr),
          files: pr.files,
          ...options,
          env: { GITHUB_API_URL: fake.github.url, ...options.env },
        },
      );
      const github = { requests: [...fake.github.requests], comments: [...fake.github.comments] };
      return { run, report: supplyReportOf(run), requests: [...h.sim.requests], github };
    },
    once<T>(make: () => Promise<T>) {
      let value: { made: T } | undefined;
      beforeAll(async () => {
        fresh();
        value = { made: await make() };
      }, 60_000);
      return () => {
        if (!value) throw new Error('the shared run did not complete');
        return value.made;
      };
    },
  };
  return harness;
}
