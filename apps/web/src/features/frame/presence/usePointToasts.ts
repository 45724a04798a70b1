import { pointChannel, pointEventSchema, REALTIME_EVENTS } from '@kampus/shared';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRealtimeChannel } from '../../../lib/realtime.js';
import { useSessionUser } from '../../../lib/session.js';

/** The leader table's queries (features/engagement/leaderboard/api.ts): an award changes the viewer's place. */
const LEADERBOARD_KEY = ['leaderboard'] as const;

/**
 * Listens to the signed-in user's own point channel (spec §7) and congratulates on every point-event with a success
 * toast: the server's message, already in the learner's language, says how many points and what for (issue 17).
 * An open leader table is refreshed, in every tab, since each one gets the event.
 */
export function usePointToasts(): void {
  const { t } = useTranslation();
  const user = useSessionUser();
  const client = useQueryClient();
  useRealtimeChannel(user ? pointChannel(user.id) : null, {
    events: {
      [REALTIME_EVENTS.point]: (payload) => {
        const parsed = pointEventSchema.safeParse(payload);
        if (!parsed.success) return;
        const detail = parsed.data.message.trim();
        notifications.show({
          color: 'success',
          title: detail ? t('points.toast_title') : undefined,
          message: detail || t('points.earned'),
          withBorder: true,
          'data-testid': 'point-toast',
        });
        void client.invalidateQueries({ queryKey: LEADERBOARD_KEY });
      },
    },
  });
}
