// The project's own workflows and the README's example workflows are valid YAML and well-formed
// workflows: triggers, jobs with steps, explicit permissions, and our own workflows pin every
// action by full commit SHA (the README asks users to, so we do).
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Workflow {
  on?: unknown;
  permissions?: unknown;
  jobs?: Record<
    string,
    { 'runs-on'?: unknown; permissions?: unknown; steps?: { uses?: string; run?: string }[]; uses?: string }
  >;
}

const own = readdirSync(new URL('.github/workflows/', root)).filter((f) => /\.ya?ml$/.test(f));
const readmeBlocks = [...read('README.md').matchAll(/```ya?ml\n([\s\S]*?)```/g)].map((m) => m[1]!);
const readmeWorkflows = readmeBlocks.filter((block) => /^jobs:/m.test(block));

function expectWorkflow(workflow: Workflow): void {
  expect(workflow.on).toBeDefined();
  expect(Object.keys(workflow.jobs ?? {}).length).toBeGreaterThan(0);
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    // a job runs steps on a runner, or calls a reusable workflow
    expect({ name, ok: Boolean(job.uses) || (Boolean(job['runs-on']) && (job.steps?.length ?? 0) > 0) }).toEqual({
      name,
      ok: true,
    });
    // explicit permissions, at the top or on the job
    expect({ name, permissions: workflow.permissions !== undefined || job.permissions !== undefined }).toEqual({
      name,
      permissions: true,
    });
  }
}

describe("the project's workflows", () => {
  test('there are some (CI and release)', () => {
    expect(own.length).toBeGreaterThanOrEqual(2);
  });

  test.each(own)('%s: valid YAML, a well-formed workflow, every action pinned by full commit SHA', (file) => {
    const workflow = parse(read(`.github/workflows/${file}`)) as Workflow;
    expectWorkflow(workflow);
    const uses = Object.values(workflow.jobs ?? {}).flatMap((job) =>
      (job.steps ?? []).map((s) => s.uses).filter((u): u is string => Boolean(u)),
    );
    for (const action of uses.filter((u) => !u.startsWith('./')))
      expect(action).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
  });
});

describe("the README's example workflows", () => {
  test('there are examples', () => {
    expect(readmeWorkflows.length).toBeGreaterThanOrEqual(3);
  });

  test.each(readmeWorkflows.map((block, i) => [i + 1, block] as const))(
    'example %i: valid YAML and a well-formed workflow',
    (_i, block) => {
      expectWorkflow(parse(block) as Workflow);
    },
  );

  test('every YAML block in the README parses', () => {
    for (const block of readmeBlocks) expect(() => parse(block)).not.toThrow();
  });
});
