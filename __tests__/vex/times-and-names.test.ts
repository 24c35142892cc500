// Pure parts of the VEX reader (contract: "Verdict integrity": "Instants are instants", "A VEX
// statement names its package at least as precisely as the alert"; "VEX statements"). Expected
// instants are worked out by hand and given through Date.UTC (read in UTC whatever TZ says).
import { describe, expect, test } from '@jest/globals';
import { parseVexDocument } from '../../src/vex/document.js';
import { alertPackage, namesPackage, packageUrl } from '../../src/vex/package-url.js';

const LODASH = 'GHSA-35jh-r3h4-6jhm';

function documentText(statementTimes: Record<string, string>[], documentTimes: Record<string, string> = {}): string {
  return JSON.stringify({
    '@context': 'https://openvex.dev/ns/v0.2.0',
    '@id': 'urn:doc',
    author: 'Acme Security',
    ...documentTimes,
    statements: statementTimes.map((times) => ({
      vulnerability: { name: LODASH },
      products: [{ '@id': 'pkg:npm/lodash@4.17.20' }],
      status: 'fixed',
      ...times,
    })),
  });
}

describe('statement times', () => {
  test('each is read as the instant it names; the statement time, else the document time', () => {
    const parsed = parseVexDocument(
      documentText(
        [
          { last_updated: '2025-06-01T10:00:00+09:00', timestamp: '2025-01-01T00:00:00Z' },
          { timestamp: '2025-06-01t10:00:00.250z' },
          {},
        ],
        { timestamp: '2024-12-31T23:00:00-01:00' },
      ),
      'vex.json',
    );
    expect(parsed.ok && parsed.value.statements.map((s) => s.statement.time)).toEqual([
      Date.UTC(2025, 5, 1, 1),
      Date.UTC(2025, 5, 1, 10, 0, 0, 250),
      Date.UTC(2025, 0, 1),
    ]);
    expect(parsed.ok && parsed.value.author).toBe('Acme Security');
  });

  test('one without a zone, or not a real date-time, is refused naming the file, the statement and the field', () => {
    const parsed = parseVexDocument(
      documentText(
        [
          { last_updated: '2025-06-01T10:00:00' },
          { timestamp: '2025-02-30T00:00:00Z' },
          { timestamp: '1' },
          { timestamp: '' },
          { timestamp: '2025-06-01T10:00:00Z' },
        ],
        { last_updated: '2025-06-01 10:00:00Z' },
      ),
      'docs/vex.json',
    );
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.error;
    expect(errors.map((e) => e.split(' has no')[0]!.split(' is not')[0])).toEqual([
      'vex-files docs/vex.json: last_updated: "2025-06-01 10:00:00Z"',
      'vex-files docs/vex.json: statements[0]: last_updated: "2025-06-01T10:00:00"',
      'vex-files docs/vex.json: statements[1]: timestamp: "2025-02-30T00:00:00Z"',
      'vex-files docs/vex.json: statements[2]: timestamp: "1"',
      'vex-files docs/vex.json: statements[3]: timestamp: ""',
    ]);
    expect(errors[1]).toContain('has no time zone');
    expect(errors[2]).toContain('is not an RFC 3339 date-time');
  });

  test('a long value is cut, and control characters are escaped', () => {
    const parsed = parseVexDocument(documentText([{ timestamp: `\u001b[31m${'9'.repeat(500)}` }]), 'v.json');
    const [error] = parsed.ok ? [] : parsed.error;
    expect(error).toContain('"\\u001b[31m');
    expect(error!.length).toBeLessThan(200);
  });
});

describe('a product without a namespace never names a package that has one', () => {
  const names = (product: string, alert: string) => namesPackage(packageUrl(product)!, alertPackage(alert)!);
  test.each([
    ['pkg:maven/commons-text@1.9', 'pkg:maven/org.apache.commons/commons-text@1.9', false],
    ['pkg:maven/commons-text', 'pkg:maven/org.apache.commons/commons-text@1.9', false],
    ['pkg:maven/commons-text@1.9', 'org.apache.commons:commons-text@1.9', false],
    ['pkg:maven/commons-text@1.9', 'org.apache.commons/commons-text@1.9', false],
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'pkg:maven/org.apache.commons/commons-text@1.9', true],
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'org.apache.commons:commons-text@1.9', true],
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'pkg:maven/com.example/commons-text@1.9', false],
    // The alert names no group: a statement with one, or without, is at least as precise.
    ['pkg:maven/org.apache.commons/commons-text@1.9', 'commons-text@1.9', true],
    ['pkg:maven/commons-text@1.9', 'commons-text@1.9', true],
    ['pkg:maven/commons-text@1.9', 'pkg:maven/commons-text@1.9', true],
    // Elsewhere the namespace is part of the name, and the same holds.
    ['pkg:npm/core@7.0.0', 'pkg:npm/%40babel/core@7.0.0', false],
    ['pkg:npm/%40babel/core@7.0.0', '@babel/core@7.0.0', true],
    ['pkg:golang/gin@v1.9.0', 'github.com/gin-gonic/gin@v1.9.0', false],
    ['pkg:golang/github.com/gin-gonic/gin@v1.9.0', 'github.com/gin-gonic/gin@1.9.0', true],
  ])('%s names %s: %s', (product, alert, named) => {
    expect(names(product, alert)).toBe(named);
  });
});
