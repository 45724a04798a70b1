import type { MarkerInput } from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../../components/ConfirmButton.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { ApiError } from '../../../../lib/http.js';
import { LeaveGuardModal, useLeaveGuard } from '../../../../lib/leave-guard.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../../lib/resource.js';
import { saveMarkers, useAdminMarkers, usePlayerData } from '../api.js';
import { MarkerFormModal } from './MarkerFormModal.js';
import { clock, MarkerTimeline } from './MarkerTimeline.js';
import { initialMarkerState, markersReducer, markersToWrite } from './markers-reducer.js';

/**
 * The server's field errors (`markers.3.options.1.text`) per marker key, by the order the list was sent in; the path
 * inside the marker is what its form shows.
 */
export function errorsByMarker(
  fieldErrors: Record<string, string[]>,
  sentKeys: readonly string[],
): Map<string, Record<string, string>> {
  const byKey = new Map<string, Record<string, string>>();
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const match = path.match(/^markers\.(\d+)(?:\.(.+))?$/);
    const key = match ? sentKeys[Number(match[1])] : undefined;
    if (!key) continue;
    const inner = byKey.get(key) ?? {};
    inner[match?.[2] ?? 'question'] ??= messages[0] ?? '';
    byKey.set(key, inner);
  }
  return byKey;
}

let nextKey = 0;

/**
 * /admin/content/editx/:id (create_content): the interactive-video editor. The video with its markers on a timeline:
 * add one at the current time (flagged new until saved), drag it, open it to edit its question, remove one or all,
 * then save the whole list (PUT api/admin/contents/{id}/markers; existing markers keep their id and answers).
 */
export default function InteractiveVideoEditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^\d{1,10}$/.test(id);
  // The preview answer carries the video's signed address; the markers call the right options.
  const video = usePlayerData(id, 'preview', valid);
  const markers = useAdminMarkers(valid ? id : null);
  const [state, dispatch] = useReducer(markersReducer, initialMarkerState);
  const [current, setCurrent] = useState(0);
  const [newType, setNewType] = useState<'1' | '2'>('1');
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Map<string, Record<string, string>>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const element = useRef<HTMLVideoElement>(null);
  // Unsaved markers are asked about before leaving (read when a navigation starts).
  const dirty = useRef(false);
  dirty.current = state.dirty;
  const shouldAsk = useMemo(() => () => dirty.current, []);
  const blocker = useLeaveGuard(shouldAsk);

  const missing =
    !valid ||
    (video.isError && isMissingItem(video.error)) ||
    (video.data !== undefined && video.data.content.type !== 'video');
  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  useEffect(() => {
    if (markers.data) dispatch({ type: 'set', markers: markers.data });
  }, [markers.data]);

  const selected = useMemo(
    () => state.markers.find((m) => m.key === state.selected) ?? null,
    [state.markers, state.selected],
  );
  const invalid = useMemo(() => new Set(serverErrors.keys()), [serverErrors]);

  const add = () => {
    const second = element.current?.currentTime ?? 0;
    element.current?.pause();
    dispatch({ type: 'add', second, markerType: newType === '2' ? 2 : 1, key: `new-${++nextKey}` });
  };

  const seek = (second: number) => {
    if (element.current) element.current.currentTime = second;
  };

  const save = async () => {
    setSaving(true);
    setFormError(null);
    const sentKeys = state.markers.map((m) => m.key);
    try {
      const saved = await saveMarkers(id, markersToWrite(state.markers));
      dispatch({ type: 'set', markers: saved });
      setServerErrors(new Map());
      notifications.show({ color: 'green', message: t('player.editor.saved') });
      void markers.refetch();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setServerErrors(errorsByMarker(error.fieldErrors, sentKeys));
      }
      setFormError(error instanceof Error ? error.message : t('general.error_occurred'));
    } finally {
      setSaving(false);
    }
  };

  const clearAll = () =>
    confirmAction({
      title: t('player.editor.clear_title'),
      message: t('player.editor.clear_text', { count: state.markers.length }),
      confirmLabel: t('player.editor.clear_confirm'),
      onConfirm: () => dispatch({ type: 'clear' }),
    });

  const applyMarker = (key: string, marker: MarkerInput) => {
    dispatch({ type: 'update', key, marker });
    dispatch({ type: 'close' });
    setServerErrors((errors) => {
      const next = new Map(errors);
      next.delete(key);
      return next;
    });
  };

  if (video.isError && !missing) {
    return (
      <EmptyState
        title={t('player.load_failed')}
        text={video.error instanceof Error ? video.error.message : undefined}
        action={<Button onClick={() => video.refetch()}>{t('player.retry')}</Button>}
      />
    );
  }
  if (!video.data || markers.isPending) {
    return (
      <Center mih={320}>
        <Loader aria-label={t('player.loading')} />
      </Center>
    );
  }
  const content = video.data.content;

  return (
    <Stack data-testid="marker-editor" data-dirty={state.dirty || undefined}>
      <PageHeader
        description={t('player.editor.description')}
        actions={
          <Button
            component={Link}
            to={`/admin/content/${content.id}/preview`}
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
          >
            {t('player.editor.preview')}
          </Button>
        }
      />
      <Title order={2} fz="h3">
        {content.title}
      </Title>
      <Paper withBorder radius="md" p="md">
        {/* The timeline is as wide as the video, so a marker sits under its moment of the video's own bar. */}
        <Box maw={900} mx="auto">
          {content.file_url ? (
            <AspectRatio ratio={16 / 9} bg="black">
              {/* biome-ignore lint/a11y/useMediaCaption: uploaded training videos come without caption files */}
              <video
                ref={element}
                src={content.file_url}
                controls
                preload="metadata"
                aria-label={content.title}
                data-testid="editor-video"
                onLoadedMetadata={(e) => dispatch({ type: 'duration', duration: e.currentTarget.duration || 0 })}
                onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
              />
            </AspectRatio>
          ) : (
            <Alert color="yellow">{t('player.editor.no_file')}</Alert>
          )}
          <MarkerTimeline
            markers={state.markers}
            duration={state.duration}
            current={current}
            invalid={invalid}
            onOpen={(key) => dispatch({ type: 'open', key })}
            onDrag={(key, second) => dispatch({ type: 'drag', key, second })}
            onSeek={seek}
          />
          <Text fz="xs" c="dimmed">
            {t('player.editor.timeline_hint')}
          </Text>
        </Box>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <SegmentedControl
            value={newType}
            onChange={(value) => setNewType(value === '2' ? '2' : '1')}
            data={[
              { value: '1', label: t('player.editor.type_1') },
              { value: '2', label: t('player.editor.type_2') },
            ]}
            aria-label={t('player.editor.type')}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={!content.file_url}
            data-testid="marker-add"
          >
            {t('player.editor.add_at', { time: clock(current) })}
          </Button>
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            color="danger"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={clearAll}
            disabled={state.markers.length === 0}
            data-testid="marker-clear"
          >
            {t('player.editor.clear')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={save}
            loading={saving}
            disabled={!state.dirty}
            data-testid="marker-save"
          >
            {t('player.editor.save')}
          </Button>
        </Group>
      </Group>
      {formError && (
        <Alert color="red" role="alert" data-testid="marker-save-error">
          {formError}
        </Alert>
      )}
      {state.markers.length === 0 ? (
        <EmptyState title={t('player.editor.empty_title')} text={t('player.editor.empty_text')} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="marker-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('player.editor.second')}</Table.Th>
                <Table.Th>{t('player.editor.type')}</Table.Th>
                <Table.Th>{t('player.editor.question')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('player.editor.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.markers.map((marker) => (
                <Table.Tr key={marker.key} data-testid="marker-row">
                  <Table.Td>{clock(marker.second)}</Table.Td>
                  <Table.Td>{t(`player.editor.type_${marker.type_id}`)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fz="sm">{marker.question || '—'}</Text>
                      {marker.isNew && (
                        <Badge size="sm" color="yellow" variant="filled" autoContrast>
                          {t('player.editor.new')}
                        </Badge>
                      )}
                      {invalid.has(marker.key) && (
                        <Badge size="sm" color="red.9" variant="filled">
                          {t('player.editor.has_errors')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('player.editor.edit_marker', { time: clock(marker.second) })}
                        onClick={() => dispatch({ type: 'open', key: marker.key })}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="danger"
                        aria-label={t('player.editor.remove_marker', { time: clock(marker.second) })}
                        onClick={() => dispatch({ type: 'remove', key: marker.key })}
                        data-testid="marker-remove"
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LeaveGuardModal
        blocker={blocker}
        title={t('resource.unsaved_title')}
        text={t('resource.unsaved_text')}
        stayLabel={t('resource.stay')}
        leaveLabel={t('resource.leave')}
        testId="marker-editor-leave-guard"
      />
      <MarkerFormModal
        marker={selected}
        serverErrors={(selected && serverErrors.get(selected.key)) || {}}
        duration={state.duration}
        onSave={applyMarker}
        onClose={() => dispatch({ type: 'close' })}
      />
    </Stack>
  );
}
