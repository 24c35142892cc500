// The VEX section of the summary and the PR comment (contract: "VEX statements", "What it does"): an
// alert a statement spares is listed with the document's @id and author. The author is the document's
// own text: it renders as itself, and only as text.
import { describe, expect, test } from '@jest/globals';
import type { VexMark } from '../../src/model.js';
import { ByteBudget } from '../../src/reports/budget.js';
import { vexSection } from '../../src/reports/summary-vex.js';
import { makeEvaluated, makeResult, makeVexMark } from '../fixtures/result.js';
import { render, seen } from './render.js';

/** The Document cell of the one row of the section, as a reader sees it; the rendered section too. */
function documentCell(mark: VexMark) {
  const alert = makeEvaluated({
    advisory: 'GHSA-1',
    package: 'pkg:npm/lodash@4.17.20',
    status: 'not-affected',
    vex: mark,
  });
  const result = makeResult({
    alerts: [alert],
    vex: { files: [{ path: 'vex.json', document: mark.document, statements: 1 }], unmatched: [] },
  });
  const section = vexSection(result, 10, new ByteBudget(100_000));
  const rendered = render(section ?? '');
  const [header, row] = rendered.tables[0] ?? [];
  return { cell: seen(row?.[header?.indexOf('Document') ?? -1] ?? ''), rendered };
}

const spared = (overrides: Partial<VexMark>) =>
  makeVexMark({ status: 'not_affected', justification: 'vulnerable_code_not_present', ...overrides });

describe("the VEX section names the document's author beside its @id", () => {
  test('@id, statement, author', () => {
    const { cell } = documentCell(
      spared({ document: 'https://acme.example/vex/7', author: 'Platform Security <psec@acme.example>' }),
    );
    expect(cell).toBe('https://acme.example/vex/7 statements[0] by Platform Security <psec@acme.example>');
  });

  test('a document without an author: none named', () => {
    expect(documentCell(spared({ document: 'urn:doc', author: null })).cell).toBe('urn:doc statements[0]');
  });

  test('an author holding markup renders as itself, and only as text', () => {
    const author = 'Eve | [click](https://evil.example) **bold** <img src=x>';
    const { cell, rendered } = documentCell(spared({ document: 'urn:doc', author }));
    expect(cell).toBe(`urn:doc statements[0] by ${author}`);
    expect(rendered.links).toEqual([]);
    expect(rendered.rawHtml).toEqual([]);
    expect(rendered.inlineMarkup.filter((t) => t !== 'code_inline')).toEqual([]);
  });
});
