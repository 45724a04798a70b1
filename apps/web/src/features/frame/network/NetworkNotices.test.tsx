import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../../../../test/render.js';
import { i18next } from '../../../lib/i18n.js';
import { NetworkNotices } from './NetworkNotices.js';

describe('NetworkNotices', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the connection is lost when it was lost before the notices loaded', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<NetworkNotices />, { wrapper: providers() });
    expect(await screen.findByText(i18next.t('network.offline'))).toBeTruthy();
  });

  it('says nothing while the connection is there', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<NetworkNotices />, { wrapper: providers() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(i18next.t('network.offline'))).toBeNull();
  });
});
