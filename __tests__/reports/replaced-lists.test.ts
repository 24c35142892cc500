// The summary's policy line says which lists of the policy file an input replaced (contract:
// "Inputs that replace a policy file's list say so"), read as a reader sees the rendered page.
import { describe, expect, test } from '@jest/globals';
import { replacedListsText } from '../../src/reports/replaced-lists.js';
import { renderSummary } from '../../src/reports/summary.js';
import { makeResult } from '../fixtures/result.js';
import { render } from './render.js';

const NOW = new Date('2024-06-07T12:00:00Z');

describe('the lists an input replaced, on the policy line', () => {
  test('nothing when no input replaced a list', () => {
    expect(replacedListsText({ replacedLists: [] })).toBe('');
  });

  test("each list replaced is a sentence after the policy file's name", () => {
    const base = makeResult();
    const result = makeResult({
      options: {
        ...base.options,
        configFile: 'acme/policies/gate.yml@main',
        sources: { ...base.options.sources, 'fail-on-severity': 'file', 'allow-alerts': 'input' },
        replacedLists: [
          { input: 'allow-alerts', entries: 2, fileEntries: 14 },
          { input: 'license-exceptions', entries: 1, fileEntries: 3 },
        ],
      },
    });
    const paragraphs = render(renderSummary(result, { now: NOW })).paragraphs;
    const line = paragraphs.flatMap((p) => p.split('\n')).find((l) => l.startsWith('Policy file:'));
    expect(line).toBe(
      "Policy file: acme/policies/gate.yml@main (fail-on-severity from it). allow-alerts: 2 entries from the input replace the policy file's 14. license-exceptions: 1 entry from the input replaces the policy file's 3.",
    );
  });
});
