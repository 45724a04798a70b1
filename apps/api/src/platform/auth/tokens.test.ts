import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccessClaims, createTokenSigner } from './tokens.js';

const claims: AccessClaims = { sub: '7', hid: 1, hco: 1, cid: 1, sid: 'family', rol: [2], prm: ['read_user'], cos: [] };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a verified token again from memory, and refuses it once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = createTokenSigner('a'.repeat(32), 60);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses an altered token although the genuine one is remembered', async () => {
    const signer = createTokenSigner('a'.repeat(32), 60);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, prm: ['create_user'] })).toString('base64url');
    expect(await signer.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await signer.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const other = await createTokenSigner('b'.repeat(32), 60).sign(claims);
    expect(await createTokenSigner('a'.repeat(32), 60).verify(other)).toBeNull();
  });
});
