import { pointChannel, pointEventSchema, REALTIME_EVENTS } from '@kampus/shared';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useRealtimeChannel } from '../../../lib/realtime.js';
import { useSessionUser } from '../../../lib/session.js';

/**
 * Listens to the signed-in user's own point channel (spec §7) and congratulates on every point-event with a success
 * toast; the event's message, when it has one, says what the point was for.
 */
export function usePointToasts(): void {
  const { t } = useTranslation();
  const user = useSessionUser();
  useRealtimeChannel(user ? pointChannel(user.id) : null, {
    events: {
      [REALTIME_EVENTS.point]: (payload) => {
        const parsed = pointEventSchema.safeParse(payload);
        if (!parsed.success) return;
        const detail = parsed.data.message.trim();
        notifications.show({
          color: 'success',
          title: detail ? t('points.earned') : undefined,
          message: detail || t('points.earned'),
          withBorder: true,
        });
      },
    },
  });
}
