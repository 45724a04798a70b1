import { ActionIcon, Button, type ButtonProps, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18next } from '../lib/i18n.js';
import { whenModalsHost } from '../lib/modals-ready.js';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Destructive actions are red; a reversible one (reactivate) is not. */
  destructive?: boolean;
  onConfirm: () => unknown;
}

/**
 * Asks before acting: nothing happens unless the person confirms in the dialog (opened in the frame's ModalsHost, once
 * it listens).
 */
export function confirmAction({ title, message, confirmLabel, destructive = true, onConfirm }: ConfirmOptions) {
  whenModalsHost(() =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text>{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: i18next.t('resource.cancel') },
      confirmProps: { color: destructive ? 'danger' : 'brand', 'data-testid': 'confirm-accept' } as never,
      cancelProps: { 'data-testid': 'confirm-cancel' } as never,
      onConfirm: () => void onConfirm(),
    }),
  );
}

type ConfirmButtonProps = ConfirmOptions &
  Omit<ButtonProps, 'children' | 'onClick'> & {
    children: ReactNode;
    /** With an icon the button is an icon button named by `children` (also its tooltip). */
    icon?: ReactNode;
    'data-testid'?: string;
  };

/** A button for a destructive action, confirmed first (delete, make passive, bulk delete). */
export function ConfirmButton({
  title,
  message,
  confirmLabel,
  destructive = true,
  onConfirm,
  children,
  icon,
  ...button
}: ConfirmButtonProps) {
  const open = () => confirmAction({ title, message, confirmLabel, destructive, onConfirm });
  if (icon) {
    return (
      <Tooltip label={children} withArrow>
        <ActionIcon
          variant="subtle"
          color={destructive ? 'danger' : 'brand'}
          aria-label={typeof children === 'string' ? children : title}
          onClick={open}
          disabled={button.disabled}
          data-testid={button['data-testid']}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button color={destructive ? 'danger' : 'brand'} variant="light" {...button} onClick={open}>
      {children}
    </Button>
  );
}
