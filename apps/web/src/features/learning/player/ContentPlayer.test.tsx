import { type PlayerContent, PROGRESS_HEARTBEAT_MS } from '@kampus/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../../../../test/render.js';
import { ContentPlayer } from './ContentPlayer.js';
import type { ProgressChannel } from './use-progress-reporter.js';

const externalVideo: PlayerContent = {
  id: 9,
  type: 'video',
  title: 'Harici video',
  description: null,
  cover_url: null,
  duration_seconds: 120,
  guard_enabled: true,
  completion_threshold: 95,
  min_reading_seconds: null,
  external_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  body: null,
  file_url: null,
  file_name: null,
  mime: null,
  page_count: null,
  scorm: null,
  markers: [],
};

describe('ContentPlayer: a video on another site', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('embeds it and reports the time the page is open, since another site’s player tells nothing', () => {
    const channel: ProgressChannel = {
      progress: null,
      report: vi.fn(),
      leave: vi.fn(),
      recording: true,
      accept: vi.fn(),
    };
    render(
      <ContentPlayer
        data={{ content: externalVideo, progress: null, cmi: null, preview: false }}
        channel={channel}
        answerMarker={vi.fn()}
      />,
      { wrapper: providers() },
    );
    expect(screen.getByTitle('Harici video').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
    );
    expect(channel.report).toHaveBeenCalledWith({ kind: 'page', finished: false });
    act(() => vi.advanceTimersByTime(PROGRESS_HEARTBEAT_MS * 2));
    expect(channel.report).toHaveBeenCalledTimes(3);
  });
});
