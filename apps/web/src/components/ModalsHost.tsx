import { ModalsProvider } from '@mantine/modals';
import { type ReactNode, useEffect } from 'react';
import { modalsHostMounted } from '../lib/modals-ready.js';

/** Tells the dialogs asked for so far that the provider before it listens (its effects run before this one's). */
function Listening() {
  useEffect(modalsHostMounted, []);
  return null;
}

/**
 * The one Mantine modals provider of a frame (the learner frame, the admin panel): the confirmations of every page
 * inside it open here. Pages bring none of their own.
 */
export function ModalsHost({ children }: { children?: ReactNode }) {
  return (
    <>
      <ModalsProvider>{children}</ModalsProvider>
      <Listening />
    </>
  );
}
