// The policy file at a pull request's base commit in the job summary (and so the PR comment): the
// settings the change would change, taking effect once merged; the pull request's text escaped.
import { describe, expect, test } from '@jest/globals';
import type { BasePolicyFile } from '../../src/model.js';
import { policyChangesSection } from '../../src/reports/summary-policy-changes.js';
import { renderSummary } from '../../src/reports/summary.js';
import { renderComment } from '../../src/reports/comment.js';
import { makeResult } from '../fixtures/result.js';
import { HOSTILE } from './hostile.js';
import { githubReferences, render } from './render.js';

const BASE: BasePolicyFile = {
  commit: '0123456789abcdef0123456789abcdef01234567',
  atBase: true,
  changes: [],
  proposedUnreadable: null,
};
const options = (basePolicy: BasePolicyFile | null, sources: Record<string, 'input' | 'file' | 'default'> = {}) => ({
  basePolicy,
  configFile: '.github/security-gate.yml',
  sources,
});

describe('policyChangesSection', () => {
  test('nothing to say: no base read, or the same copy', () => {
    expect(policyChangesSection(options(null))).toBeNull();
    expect(policyChangesSection(options(BASE))).toBeNull();
  });

  test('each setting the change sets, at the base and as proposed; an input that wins is said', () => {
    const section = policyChangesSection(
      options(
        {
          ...BASE,
          changes: [
            { key: 'fail-on-severity', base: 'high', proposed: 'none' },
            { key: 'allow-alerts', base: null, proposed: 'GHSA-1, {id: GHSA-2, until: 2099-12-31}' },
            { key: 'summary', base: 'false', proposed: null },
          ],
        },
        { summary: 'input' },
      ),
    )!;
    const page = render(section);
    expect(page.paragraphs).toContain(
      'The policy file .github/security-gate.yml as it stands at the base commit 0123456 judged this run.',
    );
    expect(page.tables).toEqual([
      [
        ['Setting', 'At the base', 'Proposed'],
        ['fail-on-severity', 'high', 'none'],
        ['allow-alerts', 'not set', 'GHSA-1, {id: GHSA-2, until: 2099-12-31}'],
        ['summary (the workflow input wins)', 'false', 'not set'],
      ],
    ]);
  });

  test('no file at the base; a copy that cannot be read', () => {
    const absent = render(policyChangesSection(options({ ...BASE, atBase: false }))!);
    expect(absent.paragraphs.join('\n')).toContain('is not in the base commit 0123456: no policy file judged this run');
    const unreadable = render(
      policyChangesSection(options({ ...BASE, proposedUnreadable: 'p.yml:1:2: not valid YAML' }))!,
    );
    expect(unreadable.paragraphs.join('\n')).toContain("This change's copy cannot be read: p.yml:1:2: not valid YAML");
  });

  test("the pull request's text cannot add markup, links or mentions", () => {
    const changes = HOSTILE.map((text, i) => ({ key: `k${i}`, base: text, proposed: text }));
    const page = render(policyChangesSection(options({ ...BASE, changes, proposedUnreadable: HOSTILE.join(' ') }))!);
    expect(page.links).toEqual([]);
    expect(page.rawHtml).toEqual([]);
    expect(githubReferences(page.scanned)).toEqual([]);
    expect(page.tables[0]).toHaveLength(HOSTILE.length + 1);
  });
});

test('the job summary and the PR comment carry it', () => {
  const result = makeResult();
  result.options.basePolicy = { ...BASE, changes: [{ key: 'fail-on-severity', base: 'high', proposed: 'none' }] };
  for (const page of [renderSummary(result), renderComment(result, null)])
    expect(page).toContain('| `fail-on-severity` | `high` | `none` |');
});
