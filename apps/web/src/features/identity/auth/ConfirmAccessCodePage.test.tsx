import type { SmsChallenge } from '@kampus/shared';
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';

vi.mock('../../../app/layouts/PublicLayout.js', () => ({
  PublicLayout: ({ title, children }: { title: string; children: ReactNode }) => (
    <main>
      <h1>{title}</h1>
      {children}
    </main>
  ),
}));
vi.mock('../../../lib/session.js', () => ({ sessionStore: { signIn: vi.fn() } }));

const { default: ConfirmAccessCodePage } = await import('./ConfirmAccessCodePage.js');

function renderWith(challenge: SmsChallenge) {
  renderPage(
    [
      { path: '/confirm-access-code', element: <ConfirmAccessCodePage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { at: { pathname: '/confirm-access-code', state: { ...challenge, redirect: null } } },
  );
}

const challenge = { requires_sms_code: true, challenge: 'c'.repeat(32), expires_in: 300 } as const;

describe('ConfirmAccessCodePage', () => {
  afterEach(cleanup);

  it('says the code went to the masked phone number', () => {
    renderWith({ ...challenge, channel: 'sms', phone_hint: '+90 *** ** 33', message: 'sent' });
    expect(screen.getByTestId('code-hint').textContent).toBe('Enter the 6-digit code we sent to +90 *** ** 33.');
  });

  it('says the code went to the masked mail address, and why', () => {
    renderWith({
      ...challenge,
      channel: 'email',
      phone_hint: 'o***@example.test',
      message: 'There have been several unsuccessful sign-in attempts on your account.',
    });
    expect(screen.getByTestId('code-hint').textContent).toBe(
      'Enter the 6-digit code we sent to your email address o***@example.test.',
    );
    expect(screen.getByText(/several unsuccessful sign-in attempts/)).toBeTruthy();
  });
});
