import '@mantine/notifications/styles.css';
import { TOAST_AUTO_CLOSE_MS, TOAST_FADE_MS } from '@kampus/shared';
import { useReducedMotion } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Where every toast shows (spec §4); App loads it after the first paint (issue 11). Someone who asked for less motion
 * gets toasts without the fade (Notifications has its own transition, which the theme's reduced motion does not reach).
 */
export default function Toasts() {
  const reduceMotion = useReducedMotion();
  return (
    <Notifications
      position="top-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      transitionDuration={reduceMotion ? 0 : TOAST_FADE_MS}
    />
  );
}
