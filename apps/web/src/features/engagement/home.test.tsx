import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.js';
import { http } from '../../lib/api.js';
import AdvertisementSlider from './advertisements/AdvertisementSlider.js';
import AnnouncementsBlock from './announcements/AnnouncementsBlock.js';

const announcement = {
  id: 4,
  title: 'Yeni dönem',
  body: '<p>Merhaba <strong>dünya</strong></p><img src=x onerror="alert(1)">',
  image_src: null,
  publish_date: '2026-11-20',
  expiry_date: null,
  pinned: true,
  must_read: true,
  is_read: false,
};
const banners = [
  { id: 1, title: 'Birinci afiş', image_src: '/api/files/a.png?expires=1&signature=x', link_url: '/faq' },
  { id: 2, title: 'İkinci afiş', image_src: '/api/files/b.png?expires=1&signature=y', link_url: 'https://example.com' },
];

describe('the learner home: announcements block and advertisement slider', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('renders the announcements and the banners the API answers', async () => {
    vi.spyOn(http, 'post').mockResolvedValue({} as never);
    vi.spyOn(http, 'get').mockImplementation(async (url: string) =>
      url === 'api/advertisements'
        ? ({ data: banners } as never)
        : ({ data: [announcement], meta: { page: 1, per_page: 3, total: 1, unread: 1 } } as never),
    );
    renderPage(
      [
        {
          path: '/dashboard',
          element: (
            <>
              <AdvertisementSlider />
              <AnnouncementsBlock />
            </>
          ),
        },
      ],
      { at: '/dashboard' },
    );
    expect(await screen.findByText('Yeni dönem')).toBeTruthy();
    expect(await screen.findByTestId('slider-banner')).toBeTruthy();
    expect(screen.getByTestId('slider-position').textContent).toMatch(/1/);
  });
});
