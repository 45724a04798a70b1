import type { Permission, PermissionGroup } from '@kampus/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissionCatalogue } from './api.js';

/** The selection after ticking (or clearing) every permission of an area; the catalogue order is kept. */
export function toggleArea(selected: readonly Permission[], group: PermissionGroup, on: boolean): Permission[] {
  const rest = selected.filter((name) => !group.permissions.includes(name));
  return on ? [...rest, ...group.permissions] : rest;
}

interface Props {
  value: readonly Permission[];
  /** Without it the matrix is read-only (a built-in role, or a viewer without create_role). */
  onChange?: (next: Permission[]) => void;
  error?: string;
  /** The bare catalogue: names only, no selection. */
  catalogue?: boolean;
  /** In the bare catalogue, each name links here (the roles holding it), for a viewer who may change roles. */
  linkOf?: (name: Permission) => string;
}

/** The permission catalogue as checkboxes grouped by area, each area with a select-all box. */
export function PermissionMatrix({ value, onChange, error, catalogue: bare = false, linkOf }: Props) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  if (catalogue.isLoading) {
    return (
      <Center p="xl">
        <Loader aria-label={t('resource.loading')} />
      </Center>
    );
  }
  if (catalogue.isError || !catalogue.data) {
    return (
      <Alert color="danger" title={t('resource.load_failed')} data-testid="permission-matrix-error">
        <Button variant="subtle" onClick={() => void catalogue.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  const readOnly = !onChange;
  return (
    <Stack data-testid="permission-matrix">
      {error && (
        <Text fz="sm" c="danger.8" role="alert">
          {error}
        </Text>
      )}
      {catalogue.data.map((group) => {
        const area = t(`roles.areas.${group.area}`);
        const count = group.permissions.filter((name) => value.includes(name)).length;
        return (
          <Fieldset
            key={group.area}
            legend={
              <Group gap="xs">
                <Text fw={600}>{area}</Text>
                {!bare && (
                  <Text fz="sm" c="dimmed">
                    {t('roles.area_count', { selected: count, total: group.permissions.length })}
                  </Text>
                )}
              </Group>
            }
            data-testid={`permission-area-${group.area}`}
          >
            <Stack gap="xs">
              {!readOnly && (
                <Checkbox
                  label={t('roles.select_area', { area })}
                  checked={count === group.permissions.length}
                  indeterminate={count > 0 && count < group.permissions.length}
                  onChange={(event) => onChange(toggleArea(value, group, event.currentTarget.checked))}
                  data-testid={`permission-area-all-${group.area}`}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
                {group.permissions.map((name) =>
                  bare && linkOf ? (
                    <Anchor
                      key={name}
                      component={Link}
                      to={linkOf(name)}
                      ff="monospace"
                      fz="sm"
                      aria-label={t('roles.assign_roles', { permission: name })}
                      data-testid={`permission-${name}`}
                    >
                      {name}
                    </Anchor>
                  ) : bare ? (
                    <Text key={name} ff="monospace" fz="sm" data-testid={`permission-${name}`}>
                      {name}
                    </Text>
                  ) : (
                    <Checkbox
                      key={name}
                      label={<Text ff="monospace">{name}</Text>}
                      checked={value.includes(name)}
                      disabled={readOnly}
                      onChange={(event) =>
                        onChange?.(
                          event.currentTarget.checked ? [...value, name] : value.filter((other) => other !== name),
                        )
                      }
                      data-testid={`permission-${name}`}
                    />
                  ),
                )}
              </SimpleGrid>
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
