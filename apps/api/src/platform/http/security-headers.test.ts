import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it("are helmet's headers for the options, worked out once", () => {
    const headers = securityHeaders({
      strictTransportSecurity: false,
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
    });
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({})).toHaveProperty('strict-transport-security');
  });
});
