// The scan that decides whether a page's decoded strings must be walked for echoed tokens: it may
// say "maybe" too often, never "no" for a text that could decode to a token.
import { describe, expect, test } from '@jest/globals';
import { mayHoldSecret, redactor, redactStrings } from '../../src/api/redaction.js';

const TOKEN = 'tok-3f9a"c\\e';
const secrets = [TOKEN, 'abc']; // 'abc' is too short to be redacted, so never looked for

describe('mayHoldSecret', () => {
  test.each([
    ['no escape, no token', '{"a":"plain text, with \\"quotes\\" and a\\nnew line"}', false],
    ['an escaped backslash followed by u is not a \\u escape', '{"a":"C:\\\\users\\\\x"}', false],
    ['a \\u escape could spell anything', '{"a":"\\u0041"}', true],
    ['so could an escaped slash', '{"a":"a\\/b"}', true],
    ['a \\u escape after an escaped backslash', '{"a":"\\\\\\u0041"}', true],
    ['the token as written', `{"a":"${TOKEN}"}`, true],
    ['the token as JSON writes it', JSON.stringify({ a: TOKEN }), true],
    ['a short value is not looked for', '{"a":"abc"}', false],
  ])('%s', (_name, json, expected) => {
    expect(mayHoldSecret(json, secrets)).toBe(expected);
  });

  test('whenever a decoded string holds the token, the scan said so', () => {
    // Every way JSON may write the token's characters: as themselves (escaped where JSON must), or as \u.
    const spellings = [
      JSON.stringify(TOKEN),
      `"${[...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`,
      JSON.stringify(TOKEN).replace('-', '\\u002d'),
      JSON.stringify(TOKEN).replace('c', '\\u0063'),
    ];
    for (const spelled of spellings) {
      const json = `{"note":${spelled}}`;
      const decoded = JSON.parse(json) as { note: string };
      if (decoded.note.includes(TOKEN)) expect(mayHoldSecret(json, secrets)).toBe(true);
    }
  });
});

describe('redactStrings', () => {
  test('redacts every string and key, however deep', () => {
    const data = { [TOKEN]: [{ deep: [[`x ${TOKEN} y`]] }], n: 1 };
    expect(redactStrings(data, redactor(secrets))).toEqual({ '***': [{ deep: [['x *** y']] }], n: 1 });
  });
});

describe('redactor', () => {
  const redact = redactor(['Tok-AbCdEf', 'Tok-AbCdEf-Longer', 'abc']);
  test.each([
    ['as written', 'x Tok-AbCdEf y', 'x *** y'],
    ['lower-cased (a host name)', 'https://tok-abcdef.example', 'https://***.example'],
    ['upper-cased', 'TOK-ABCDEF', '***'],
    ['a secret inside a longer one goes whole with it', 'Tok-AbCdEf-Longer!', '***!'],
    ['every occurrence', 'Tok-AbCdEf,tok-abcdef', '***,***'],
    ['characters a pattern would read as syntax are literal', 'Tok-AbCdEf.*', '***.*'],
    ['a value under 4 characters is not a secret', 'abc ABC', 'abc ABC'],
  ])('%s', (_name, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  test('no secrets: the text as it is', () => {
    expect(redactor([])('a.*b')).toBe('a.*b');
  });
});

describe('mayHoldSecret in any case', () => {
  test('a token lower-cased in the raw JSON is found', () => {
    expect(mayHoldSecret('{"a":"https://tok-3f9a.example"}', ['Tok-3F9A'])).toBe(true);
  });
});
