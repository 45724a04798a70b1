import type { CompanySelf, UserMessage } from '@kampus/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { ApiError } from '../../../lib/http.js';
import type { SessionUser } from '../../../lib/session.js';
import { MessagesMenu } from './MessagesMenu.js';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.js', () => ({ http: { get } }));
const user = vi.hoisted(() => ({ id: 5, company_id: 7 }) as unknown as SessionUser);
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => user }));

const company = (chat: unknown): CompanySelf =>
  ({ id: 7, name: 'Demo Holding', settings: [{ key: 'chat_is_disabled', value: chat }] }) as unknown as CompanySelf;

const conversation = (overrides: Partial<UserMessage>): UserMessage => ({
  id: 1,
  message: 'Hello',
  date: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  sender_user_id: 9,
  unread: false,
  user: { fullname: 'Ayşe Y****', photo_link: null },
  group: null,
  ...overrides,
});

/** Answers the two calls by path; a function answer may throw. */
function answer(count: number | Error, list: UserMessage[] | Error) {
  get.mockImplementation(async (url: string) => {
    const value = url === 'api/user-messages-count' ? count : list;
    if (value instanceof Error) throw value;
    return { data: value };
  });
}

function renderMenu(chat: unknown = false) {
  renderPage(<MessagesMenu />, { company: company(chat) });
}

describe('MessagesMenu', () => {
  beforeEach(() => get.mockReset());
  afterEach(cleanup);

  it.each([true, 1, '1', 'true'])('is absent, and asks nothing, when chat_is_disabled is %j', (value) => {
    answer(3, []);
    renderMenu(value);
    expect(screen.queryByTestId('messages-menu')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the unread count and lists conversations, unread in bold, as plain rows', async () => {
    answer(2, [
      conversation({
        id: 1,
        unread: true,
        message: 'Cuma günü kutlama var!',
        group: { name: 'Satış Ekibi', users: [] },
      }),
      conversation({ id: 2, sender_user_id: 5, message: 'Teşekkürler' }),
    ]);
    renderMenu();
    expect((await screen.findByTestId('messages-badge')).textContent).toBe('2');
    const button = screen.getByTestId('messages-menu');
    expect(button.getAttribute('aria-label')).toBe('Messages: 2 unread conversations');
    fireEvent.click(button);
    const rows = await within(await screen.findByTestId('messages-dropdown')).findAllByTestId('messages-item');
    expect(rows.map((row) => row.textContent)).toEqual([
      // Relative times are Turkish in every language (spec §9).
      'SESatış Ekibi3 saat önceAyşe Y****: Cuma günü kutlama var!unread',
      'AYAyşe Y****3 saat önceYou: Teşekkürler',
    ]);
    const titleWeight = (row: HTMLElement | undefined) => row?.querySelector('p')?.style.fontWeight;
    expect([titleWeight(rows[0]), titleWeight(rows[1])]).toEqual(['700', '400']);
    expect(within(rows[0] as HTMLElement).queryByRole('link')).toBeNull();
    expect(get).toHaveBeenCalledWith('api/user-messages', undefined, undefined, { forbidden: 'throw' });
  });

  it('has an empty and an error state', async () => {
    answer(0, []);
    renderMenu();
    fireEvent.click(screen.getByTestId('messages-menu'));
    expect((await screen.findByTestId('messages-empty')).textContent).toBe('You have no messages yet.');
    expect(screen.queryByTestId('messages-badge')).toBeNull();
    cleanup();

    answer(0, new Error('ApiService: down'));
    renderMenu();
    fireEvent.click(screen.getByTestId('messages-menu'));
    // The dropdown is still fading in (display: none in jsdom), so it is found by test id rather than by role.
    const alert = await screen.findByTestId('messages-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Messages could not be loaded.');
    answer(0, [conversation({})]);
    fireEvent.click(within(alert).getByText('Try again'));
    expect(await screen.findAllByTestId('messages-item')).toHaveLength(1);
  });

  it('goes away, leaving the page alone, when chat is switched off while the page is open', async () => {
    answer(new ApiError(403, { message: 'Sohbet kapalı.' }, 'ApiService: Sohbet kapalı.'), []);
    renderMenu();
    expect(screen.getByTestId('messages-menu')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByTestId('messages-menu')).toBeNull());
    expect(get).toHaveBeenCalledWith('api/user-messages-count', undefined, undefined, { forbidden: 'throw' });
  });
});
