import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmAction } from './ConfirmButton.js';
import { ModalsHost } from './ModalsHost.js';

describe('the frame’s modals provider', () => {
  afterEach(cleanup);

  it('opens a confirmation asked for before it listens (the learner frame mounts it after the first paint) once it does', async () => {
    const onConfirm = vi.fn();
    confirmAction({ title: 'Request it?', message: 'Points are reserved.', confirmLabel: 'Request', onConfirm });
    render(<MantineProvider>{null}</MantineProvider>);
    expect(screen.queryByText('Request it?')).toBeNull();
    cleanup();
    render(
      <MantineProvider>
        <ModalsHost />
      </MantineProvider>,
    );
    expect(await screen.findByText('Request it?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });

  it('opens one at once while it is mounted, and waits again once it is gone', async () => {
    render(
      <MantineProvider>
        <ModalsHost />
      </MantineProvider>,
    );
    confirmAction({ title: 'Cancel it?', message: '', confirmLabel: 'Yes', onConfirm: () => {} });
    expect(await screen.findByText('Cancel it?')).toBeTruthy();
    cleanup();
    confirmAction({ title: 'Later?', message: '', confirmLabel: 'Yes', onConfirm: () => {} });
    render(<MantineProvider>{null}</MantineProvider>);
    expect(screen.queryByText('Later?')).toBeNull();
  });
});
