import { describe, expect, test } from '@jest/globals';
import { proxySecrets } from '../../src/api/transport.js';

describe('proxySecrets', () => {
  test.each([
    ['no proxy', {}, []],
    ['a proxy without credentials', { https_proxy: 'http://proxy.corp:3128' }, []],
    ['a user alone is no secret', { https_proxy: 'http://runner@proxy.corp:3128' }, []],
    [
      'the password, as written and decoded',
      { HTTPS_PROXY: 'http://runner:p%40ss@proxy.corp:3128' },
      ['p%40ss', 'p@ss'],
    ],
    ['without a scheme, as http-client reads it', { http_proxy: 'runner:hunter22@proxy.corp:3128' }, ['hunter22']],
    [
      'each variable, once',
      { https_proxy: 'http://a:one1@p:1', http_proxy: 'http://a:one1@p:1', HTTP_PROXY: 'http://b:two2@p:2' },
      ['one1', 'two2'],
    ],
    [
      'a password whose escape is no escape: as written',
      { https_proxy: 'http://runner:p%zz@proxy.corp:3128' },
      ['p%zz'],
    ],
    ['not a URL', { https_proxy: 'http://[bad' }, []],
  ])('%s', (_name, env, secrets) => {
    expect(proxySecrets(env as NodeJS.ProcessEnv)).toEqual(secrets);
  });
});
