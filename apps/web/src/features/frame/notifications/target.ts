import type { Notification } from '@kampus/shared';
import { pathForRoute } from '../../../app/route-names.js';

/** A click goes to the web route named in the data, else to the notification list (spec §2.8). */
export function notificationTarget(notification: Notification): string {
  const webUrl = notification.parsed_data.webUrl;
  return (webUrl && pathForRoute(webUrl.name, webUrl.params)) ?? '/notification';
}
