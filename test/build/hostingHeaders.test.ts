/**
 * The headers docs/security.md tells the host of dist/ to send are the ones build/contentSecurity.js
 * computes: the page's own policy (the meta tag's) plus frame-ancestors for Office's origins, which a
 * meta tag cannot carry.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

const { contentSecurityPolicy, hostingHeaders, OFFICE_ORIGINS } = require('../../build/contentSecurity.js') as {
  contentSecurityPolicy: (serviceUrl: string) => string;
  hostingHeaders: (serviceUrl: string) => Record<string, string>;
  OFFICE_ORIGINS: string[];
};

test('the hosting headers are the meta policy plus frame-ancestors for Office only', () => {
  for (const serviceUrl of ['', 'https://climate.example']) {
    const policy = hostingHeaders(serviceUrl)['Content-Security-Policy'];
    expect(policy).toBe(`${contentSecurityPolicy(serviceUrl)}; frame-ancestors 'self' ${OFFICE_ORIGINS.join(' ')}`);
  }
  expect(OFFICE_ORIGINS.every((origin) => origin.startsWith('https://'))).toBe(true);
});

test('docs/security.md shows exactly those headers for a production build', () => {
  const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'security.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Hosting dist/'));
  const block = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const expected = Object.entries(hostingHeaders('https://climate.example')).map(
    ([name, value]) => `${name}: ${value}`,
  );
  expect(block.trim().split('\n')).toEqual(expected);
});
