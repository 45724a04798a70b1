import type { UserMessages } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

export const messageKeys = {
  count: ['user-messages', 'count'] as const,
  list: ['user-messages', 'list'] as const,
};

/** Conversations with unread messages, for the header badge; only asked while chat is on. */
export function useUnreadConversations(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.count,
    // The company may switch chat off while this page is open: the poll's 403 then hides the menu (MessagesMenu).
    queryFn: () => http.get<{ data: number }>('api/user-messages-count', undefined, undefined, { forbidden: 'throw' }),
    select: (body) => body.data,
    enabled,
    refetchInterval: 60_000,
  });
}

/** The latest conversations, loaded when the dropdown opens. */
export function useUserMessages(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.list,
    queryFn: () => http.get<UserMessages>('api/user-messages', undefined, undefined, { forbidden: 'throw' }),
    select: (body) => body.data,
    enabled,
  });
}
