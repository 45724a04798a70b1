import { NETWORK_NOTICE_COOLDOWN_MS, TOAST_AUTO_CLOSE_MS } from '@kampus/shared';
import { notifications } from '@mantine/notifications';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createNetworkNoticeGate } from '../../../lib/network.js';

const OFFLINE_ID = 'network-offline';
const ONLINE_ID = 'network-online';

/**
 * Network notices (spec §4, §8): going offline shows a warning that stays until dismissed; coming back closes it and
 * says so for 3 s. Repeats within 2 s are suppressed.
 */
export function NetworkNotices() {
  const { t } = useTranslation();

  useEffect(() => {
    const gate = createNetworkNoticeGate(NETWORK_NOTICE_COOLDOWN_MS);
    const offline = () => {
      if (!gate.allow('offline')) return;
      notifications.hide(ONLINE_ID);
      notifications.show({
        id: OFFLINE_ID,
        color: 'warning',
        icon: <IconWifiOff size={18} />,
        message: t('network.offline'),
        autoClose: false,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': t('network.dismiss') },
      });
    };
    const online = () => {
      if (!gate.allow('online')) return;
      notifications.hide(OFFLINE_ID);
      notifications.show({
        id: ONLINE_ID,
        color: 'success',
        icon: <IconWifi size={18} />,
        message: t('network.online'),
        autoClose: TOAST_AUTO_CLOSE_MS,
        closeButtonProps: { 'aria-label': t('network.dismiss') },
      });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    // The notices load after the first paint: a connection lost before then is said now, not never.
    if (!navigator.onLine) offline();
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);

  return null;
}
