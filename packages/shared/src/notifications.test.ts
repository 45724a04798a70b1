import { describe, expect, it } from 'vitest';
import { parseNotification } from './schemas/notifications.js';

describe('parseNotification (spec §3)', () => {
  it('reads a structured type 1 notification from its JSON data', () => {
    const data = JSON.stringify({
      apiUrl: '/api/assignments/4',
      message: 'Yeni görev',
      text: 'Bilgi güvenliği',
      webUrl: { name: 'user.assignment-detail', params: { id: 4 } },
    });
    expect(parseNotification({ type: 1, name: 'ignored', text: null, data })).toEqual({
      message: 'Yeni görev',
      text: 'Bilgi güvenliği',
      apiUrl: '/api/assignments/4',
      webUrl: { name: 'user.assignment-detail', params: { id: 4 } },
    });
  });

  it.each([
    ['another type', { type: 0, name: 'Duyuru', text: 'Metin', data: '{"message":"x"}' }],
    ['type 1 without data', { type: 1, name: 'Duyuru', text: 'Metin', data: null }],
    ['type 1 with broken JSON', { type: 1, name: 'Duyuru', text: 'Metin', data: '{oops' }],
  ])('uses name and text for %s', (_case, input) => {
    expect(parseNotification(input)).toEqual({ message: 'Duyuru', text: 'Metin', apiUrl: null, webUrl: null });
  });
});
