// Thresholds are exact decimals (contract: "Verdict integrity"): every one-decimal percentage from
// 0.1% to 99.9%, read as the epss input, gates an alert whose FIRST score is exactly that decimal (as
// the API writes it, nine decimals, and as the CSV does, five) and not one scored the next lower
// five-decimal score. The decimals are written out as text here, never computed by src/.
import { describe, expect, test } from '@jest/globals';
import { parseEpssMode } from '../../src/config/fields.js';
import { parseEpssCsvRow, readApiEntry } from '../../src/feeds/epss/scores.js';
import type { EpssScore } from '../../src/model.js';
import { judgeAlert } from '../../src/policy/verdict.js';
import { makeAlert } from '../fixtures/result.js';

const CVE = 'CVE-2024-12345';
const DAY = '2025-03-14';

/** 0.1% .. 99.9%: the input as written, and the decimal it spells (k/1000, as text). */
const PERCENTAGES = Array.from({ length: 999 }, (_, i) => {
  const k = i + 1;
  return {
    input: `${Math.floor(k / 10)}.${k % 10}%`,
    decimal: `0.${String(k).padStart(3, '0')}`,
    /** The next lower score FIRST's CSV can write (five decimals). */
    below: `0.${String(k * 100 - 1).padStart(5, '0')}`,
  };
});

/** Whether an alert (low, failing only by EPSS) scored `score` gates under `threshold`, by the verdict's rule. */
function gatesAt(score: EpssScore | null, threshold: number): boolean {
  if (score === null) throw new Error('the score was not read');
  const alert = makeAlert({ advisory: CVE, severity: 'low', score: 2 });
  const judged = judgeAlert(alert, {
    failOn: 'critical',
    ignoreUnreachable: false,
    allow: [],
    now: new Date(`${DAY}T12:00:00Z`),
    epss: { scores: new Map([[CVE, score]]), threshold },
  });
  return judged.status === 'gating' && judged.disposition.rule === 'epss';
}

const fromApi = (epss: string) => readApiEntry({ cve: CVE, epss, percentile: '0.500000000', date: DAY });
const fromCsv = (epss: string) => parseEpssCsvRow(`${CVE},${epss},0.50000`, DAY);

describe('every one-decimal percentage is the decimal it spells', () => {
  test('the threshold is the number of its decimal text (1.1% is 0.011, not 0.011000000000000001)', () => {
    const wrong = PERCENTAGES.filter(({ input, decimal }) => {
      const mode = parseEpssMode(input);
      return typeof mode !== 'object' || mode === null || mode.threshold !== Number(decimal);
    }).map(({ input }) => input);
    expect(wrong).toEqual([]);
  });

  test.each([
    ['the API', (d: string) => fromApi(`${d}000000`)],
    ['the CSV', (d: string) => fromCsv(`${d}00`)],
  ])('a score from %s of exactly the threshold gates, the next lower five-decimal score does not', (_source, read) => {
    const wrong = PERCENTAGES.flatMap(({ input, decimal, below }) => {
      const mode = parseEpssMode(input);
      if (typeof mode !== 'object' || mode === null) return [`${input}: not a threshold`];
      return [
        ...(gatesAt(read(decimal), mode.threshold) ? [] : [`${input} does not gate ${decimal}`]),
        ...(gatesAt(fromCsv(below), mode.threshold) ? [`${input} gates ${below}`] : []),
      ];
    });
    expect(wrong).toEqual([]);
  });
});
