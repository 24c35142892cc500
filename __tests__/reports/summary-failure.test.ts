// The job summary of a run stopped before a verdict: the heading says there is none, the cause and
// each problem are listed, and whatever the text holds (an input echoes the user's value) renders
// as the text, with no markup, HTML, link or mention of its own.
import { describe, expect, test } from '@jest/globals';
import { renderFailureSummary } from '../../src/reports/summary-failure.js';
import { HOSTILE } from './hostile.js';
import { githubReferences, render } from './render.js';

describe('renderFailureSummary', () => {
  test('the heading carries "no verdict" and the repository; the cause, then one item per problem', () => {
    const page = renderFailureSummary({
      repository: 'acme/webshop',
      why: 'invalid inputs; no request was sent to the service.',
      problems: ['fail-on-severity: "severe" is not one of critical, high, medium, low, none.', 'posture-days: "0".'],
    });
    const r = render(page);
    expect(r.blocks.filter((b) => b.endsWith('_open'))).toEqual([
      'heading_open',
      'paragraph_open',
      'bullet_list_open',
      'list_item_open',
      'paragraph_open',
      'list_item_open',
      'paragraph_open',
    ]);
    expect(r.paragraphs).toEqual([
      'Security gate: ⚠️ No verdict for acme/webshop: invalid inputs',
      '⚠️ Error: invalid inputs; no request was sent to the service.',
      'fail-on-severity: "severe" is not one of critical, high, medium, low, none.',
      'posture-days: "0".',
    ]);
  });

  test('no repository known, no problems listed: the heading and the cause alone', () => {
    const page = renderFailureSummary({ repository: null, why: 'security-gate stopped: a fault.', problems: [] });
    expect(page).toBe(
      '## Security gate: ⚠️ No verdict: security-gate stopped\n\n⚠️ **Error**: security-gate stopped: a fault.\n',
    );
  });

  test.each(HOSTILE)('hostile text as a problem, the cause and the repository renders as text: %j', (text) => {
    const r = render(renderFailureSummary({ repository: text, why: text, problems: [text] }));
    expect(r.rawHtml).toEqual([]);
    expect(r.links).toEqual([]);
    expect(githubReferences(r.scanned)).toEqual([]);
    // Its only markup: bold, and `name@version` values as code (so they copy without a zero-width space).
    expect(r.inlineMarkup.filter((m) => !['strong_open', 'strong_close', 'code_inline'].includes(m))).toEqual([]);
    expect(r.codeSpans.filter((c) => !/^\S*[\w.+-]@\w\S*$/.test(c))).toEqual([]);
  });

  test('at most 50 problems, then how many more', () => {
    const problems = Array.from({ length: 120 }, (_, i) => `problem ${i}`);
    const page = renderFailureSummary({ repository: 'a/b', why: 'invalid inputs.', problems });
    expect(page.match(/^- problem \d+$/gm)).toHaveLength(50);
    expect(page).toContain('- …and 70 more (see the log).');
  });
});
