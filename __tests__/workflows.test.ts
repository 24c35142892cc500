// The project's own workflows and the example workflows of the README and docs/ are valid YAML and well-formed
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
const docs = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const yamlBlocks = (file: string) => [...read(file).matchAll(/```ya?ml\n([\s\S]*?)```/g)].map((m) => m[1]!);
const readmeBlocks = yamlBlocks('README.md');
/** Whole workflows (a block with `jobs:`) in the README and docs/, by file. */
const exampleWorkflows = docs.flatMap((file) =>
  yamlBlocks(file)
    .filter((block) => /^jobs:/m.test(block))
    .map((block) => [file, block] as const),
);

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

describe('the example workflows of the README and docs/', () => {
  test('there are examples, in the README too', () => {
    expect(exampleWorkflows.length).toBeGreaterThanOrEqual(4);
    expect(exampleWorkflows.filter(([file]) => file === 'README.md').length).toBeGreaterThanOrEqual(2);
  });

  test.each(exampleWorkflows.map(([file, block], i) => [file, i + 1, block] as const))(
    '%s, example %i: valid YAML and a well-formed workflow',
    (_file, _i, block) => {
      expectWorkflow(parse(block) as Workflow);
    },
  );

  test('every YAML block in the README parses', () => {
    for (const block of readmeBlocks) expect(() => parse(block)).not.toThrow();
  });
});
