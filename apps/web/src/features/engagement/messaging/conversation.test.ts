import type { UserMessage } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../../lib/dates.js';
import { conversationTitle, excerpt, nameParts } from './conversation.js';

describe('nameParts', () => {
  it.each([
    ['Ayşe Y****', { name: 'Ayşe', surname: 'Y****' }],
    ['Mehmet Ali Kaya', { name: 'Mehmet', surname: 'Ali Kaya' }],
    ['  Zeynep  ', { name: 'Zeynep', surname: '' }],
    ['', { name: '', surname: '' }],
  ])('%j → %j', (fullname, expected) => {
    expect(nameParts(fullname)).toEqual(expected);
  });
});

describe('conversationTitle', () => {
  const base: UserMessage = {
    id: 1,
    message: 'Merhaba',
    date: '2026-01-01T10:00:00.000Z',
    sender_user_id: 2,
    unread: false,
    user: { fullname: 'Ayşe Yılmaz', photo_link: null },
    group: null,
  };
  it('names a two-person conversation after the other person and a group after itself', () => {
    expect(conversationTitle(base)).toBe('Ayşe Yılmaz');
    expect(conversationTitle({ ...base, group: { name: 'Satış Ekibi', users: [] } })).toBe('Satış Ekibi');
  });
});

describe('excerpt', () => {
  it('keeps one line and cuts long messages with an ellipsis', () => {
    expect(excerpt('Toplantı\n\nyarın  saat 10:00')).toBe('Toplantı yarın saat 10:00');
    const cut = excerpt('a'.repeat(100), 20);
    expect(cut).toHaveLength(20);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('formatRelative', () => {
  it('speaks Turkish, as spec §9 asks', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(formatRelative('2026-03-10T09:00:00Z', now)).toBe('3 saat önce');
    expect(formatRelative('2026-03-08T12:00:00Z', now)).toBe('2 gün önce');
  });
});
