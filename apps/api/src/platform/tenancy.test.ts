import { describe, expect, it } from 'vitest';
import { parseHost } from './tenancy.js';

describe('parseHost', () => {
  it.each([
    ['localhost', 'marketing'],
    ['www.localhost:3000', 'marketing'],
    ['LOCALHOST.', 'marketing'],
    ['demo.localhost:3000', { slug: 'demo' }],
    ['demo-retail.localhost', { slug: 'demo-retail' }],
    ['akademi.demo-retail.localhost', { domain: 'akademi.demo-retail.localhost' }],
    ['learn.acme.com', { domain: 'learn.acme.com' }],
    ['bad_host!.com', null],
    [undefined, null],
  ])('%s → %j', (host, expected) => {
    expect(parseHost(host, 'localhost')).toEqual(expected);
  });
});
