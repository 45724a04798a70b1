import { Box, Tooltip } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorMarker } from './markers-reducer.js';

/** A pointer that moved less than this between down and up clicked (opens the marker) rather than dragged. */
const CLICK_SLOP_PX = 4;

/** `75` → `1:15`. */
export const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

interface MarkerTimelineProps {
  markers: EditorMarker[];
  duration: number;
  current: number;
  /** Which markers the server refused (their keys), drawn red. */
  invalid: ReadonlySet<string>;
  onOpen(key: string): void;
  onDrag(key: string, second: number): void;
  onSeek(second: number): void;
}

/**
 * The video's timeline with its markers: a click on the bar seeks, a marker is dragged along it with the pointer or
 * moved a second at a time with the arrow keys (Shift: ten), and opened with a click, Enter or Space.
 */
export function MarkerTimeline({ markers, duration, current, invalid, onOpen, onDrag, onSeek }: MarkerTimelineProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<{ key: string; x: number; second: number; moved: boolean } | null>(null);
  const span = duration > 0 ? duration : 1;
  const at = (second: number) => `${Math.min(100, Math.max(0, (second / span) * 100))}%`;

  const secondAt = (clientX: number) => {
    const rect = bar.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(span, Math.max(0, ((clientX - rect.left) / rect.width) * span));
  };

  const down = (marker: EditorMarker) => (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging({ key: marker.key, x: event.clientX, second: marker.second, moved: false });
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging) return;
    const moved = dragging.moved || Math.abs(event.clientX - dragging.x) > CLICK_SLOP_PX;
    setDragging({ ...dragging, moved, second: moved ? secondAt(event.clientX) : dragging.second });
  };
  const up = (marker: EditorMarker) => (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    if (dragging.moved) onDrag(marker.key, dragging.second);
    else onOpen(marker.key);
    setDragging(null);
  };
  const keys = (marker: EditorMarker) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 10 : 1;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      onDrag(marker.key, marker.second + (event.key === 'ArrowLeft' ? -step : step));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(marker.key);
    }
  };

  return (
    <Box pos="relative" h={44} mt="xs" data-testid="marker-timeline">
      <Box
        ref={bar}
        pos="absolute"
        left={0}
        right={0}
        top={18}
        h={8}
        bg="gray.3"
        style={{ borderRadius: 4, cursor: 'pointer' }}
        onClick={(event) => onSeek(secondAt(event.clientX))}
        data-testid="marker-timeline-bar"
      >
        <Box
          pos="absolute"
          left={0}
          top={0}
          h={8}
          w={at(current)}
          bg="var(--mantine-primary-color-filled)"
          style={{ borderRadius: 4, opacity: 0.35, pointerEvents: 'none' }}
        />
      </Box>
      {markers.map((marker) => {
        const second = dragging?.key === marker.key ? dragging.second : marker.second;
        const label = t('player.editor.marker_at', { time: clock(second), question: marker.question || '…' });
        return (
          <Tooltip key={marker.key} label={label} withArrow>
            <button
              type="button"
              aria-label={label}
              aria-keyshortcuts="ArrowLeft ArrowRight Enter"
              data-testid="timeline-marker"
              data-key={marker.key}
              data-second={second}
              data-new={marker.isNew || undefined}
              onPointerDown={down(marker)}
              onPointerMove={move}
              onPointerUp={up(marker)}
              onPointerCancel={() => setDragging(null)}
              onKeyDown={keys(marker)}
              style={{
                position: 'absolute',
                left: at(second),
                top: 8,
                width: 18,
                height: 28,
                marginLeft: -9,
                padding: 0,
                border: '2px solid white',
                borderRadius: 6,
                cursor: dragging?.key === marker.key ? 'grabbing' : 'grab',
                touchAction: 'none',
                background: invalid.has(marker.key)
                  ? 'var(--mantine-color-red-7)'
                  : marker.isNew
                    ? 'var(--mantine-color-yellow-6)'
                    : 'var(--mantine-primary-color-filled)',
                boxShadow: '0 1px 3px rgba(0,0,0,.3)',
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
