import '@mantine/notifications/styles.css';
import { TOAST_AUTO_CLOSE_MS, TOAST_FADE_MS } from '@kampus/shared';
import { Notifications } from '@mantine/notifications';

/** Where every toast shows (spec §4); App loads it after the first paint (issue 11). */
export default function Toasts() {
  return <Notifications position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} transitionDuration={TOAST_FADE_MS} />;
}
