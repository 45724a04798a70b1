import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * Asks before leaving with unsaved changes: a route change inside the app waits for the person's answer, a reload
 * or closed tab gets the browser's own question. `shouldAsk` is read at navigation time.
 */
export function useLeaveGuard(shouldAsk: () => boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldAsk(),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (shouldAsk()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldAsk]);
  return blocker;
}

interface LeaveGuardModalProps {
  blocker: Blocker;
  title: string;
  text: string;
  stayLabel: string;
  leaveLabel: string;
  testId?: string;
}

/** The question a blocked navigation asks: stay (the navigation is dropped) or leave without saving. */
export function LeaveGuardModal({ blocker, title, text, stayLabel, leaveLabel, testId }: LeaveGuardModalProps) {
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={title}
      centered
      data-testid={testId}
    >
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {stayLabel}
          </Button>
          <Button color="danger" onClick={() => blocker.proceed?.()}>
            {leaveLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
