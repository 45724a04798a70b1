import { VIDEO_GUARD_ALERT_MS } from '@kampus/shared';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardAlert } from './video-guard.js';

/** The guard's current alert; each shows for VIDEO_GUARD_ALERT_MS (spec §9), a new one restarting the time. */
export function useGuardAlert(): [GuardAlert | null, (alert: GuardAlert) => void] {
  const [alert, setAlert] = useState<GuardAlert | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback((next: GuardAlert) => {
    setAlert(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setAlert(null), VIDEO_GUARD_ALERT_MS);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return [alert, show];
}

/** The alert over the video: announced to screen readers, gone by itself. */
export function GuardAlertBanner({ alert }: { alert: GuardAlert | null }) {
  const { t } = useTranslation();
  return (
    <div aria-live="assertive" style={{ position: 'absolute', top: 12, left: 12, right: 12, zIndex: 2 }}>
      {alert && (
        <Alert
          // The darkest red: white text on it passes WCAG AA (red 6 does not).
          color="red.9"
          variant="filled"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="guard-alert"
          data-alert={alert}
          role="alert"
        >
          {t(`player.guard.${alert}`)}
        </Alert>
      )}
    </div>
  );
}
