import type { Content, Hashtag } from '@kampus/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';

vi.mock('./video-duration.js', () => ({ readVideoDuration: vi.fn(async () => 42) }));
const { default: ContentFormPage } = await import('./ContentFormPage.js');

/** The browser's XMLHttpRequest, driven by the test: progress, then the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  url = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}
const lastXhr = () => FakeXhr.sent.at(-1)!;

const tag: Hashtag = { id: 3, name: 'Uyum', status: 1, created_at: '', updated_at: '' };
const storedFile = {
  url: '/api/files/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.mp4',
  name: 'intro.mp4',
  size: 2048,
  mime: 'video/mp4',
};
const video: Content = {
  id: 7,
  type: 'video',
  title: 'Onboarding',
  description: null,
  cover_url: null,
  duration_seconds: 90,
  language: 'tr',
  hashtags: [{ id: 3, name: 'Uyum' }],
  status: 1,
  guard_enabled: true,
  completion_threshold: 95,
  min_reading_seconds: null,
  external_url: null,
  body: null,
  file: storedFile,
  version: 2,
  page_count: null,
  scorm: null,
  markers_count: 0,
  started_count: 0,
  completed_count: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

function answerGets(item: Content | null = null) {
  vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number) => {
    if (url === 'api/admin/hashtags') return { data: [tag], meta: { page: 1, per_page: 100, total: 1 } };
    if (url === 'api/admin/contents' && id !== undefined && item) return { data: item };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

function renderAt(at: string) {
  return renderPage(
    [
      { path: '/admin/content/add', element: <ContentFormPage /> },
      { path: '/admin/content/edit/:id', element: <ContentFormPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at },
  );
}

const chooseFile = (file: File) =>
  fireEvent.change(screen.getByTestId('content-file-input'), { target: { files: [file] } });
const webm = () => new File([new Uint8Array(300)], 'welcome.webm', { type: 'video/webm' });

describe('ContentFormPage', () => {
  beforeAll(() => {
    // Autosizing textareas listen for web fonts loading; jsdom has no document.fonts.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the type first, then uploads the video with visible progress and sends its address and length', {
    timeout: 20_000,
  }, async () => {
    answerGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...video, id: 12 } } as never);
    renderAt('/admin/content/add');
    expect(screen.queryByTestId('content-form')).toBeNull();
    fireEvent.click(await screen.findByTestId('content-type-video'));
    expect(screen.getByTestId('content-type-fields').getAttribute('data-type')).toBe('video');
    expect(screen.getByTestId('content-guard')).toBeTruthy();

    chooseFile(webm());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(lastXhr().url).toBe('/api/uploads?kind=video');
    lastXhr().progress(512 * 1024, 2 * 1024 * 1024);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('content-file-bytes').textContent).toBe('75 Bytes / 300 Bytes');

    // Saving while the file is still on its way would send no file: the save buttons wait for it.
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Welcome' } });
    expect(screen.getByTestId('content-form-save').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('content-form-save-stay').hasAttribute('disabled')).toBe(true);

    const stored = {
      url: '/api/files/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webm',
      name: 'welcome.webm',
      size: 300,
      mime: 'video/webm',
    };
    await lastXhr().answer(201, { data: [stored] });
    // The length came from the file itself (read in the browser), and stays editable.
    await waitFor(() => expect((screen.getByTestId('content-duration') as HTMLInputElement).value).toBe('42'));
    fireEvent.click(screen.getByTestId('content-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(
      'api/admin/contents',
      expect.objectContaining({
        type: 'video',
        title: 'Welcome',
        file_url: stored.url,
        external_url: null,
        duration_seconds: 42,
        guard_enabled: true,
        completion_threshold: 95,
        language: 'en',
      }),
    );
  });

  it('keeps the type on edit and says a newly chosen file makes the next version', { timeout: 20_000 }, async () => {
    answerGets(video);
    renderAt('/admin/content/edit/7');
    expect((await screen.findByTestId('content-form-type')).getAttribute('data-type')).toBe('video');
    expect(screen.queryByTestId('content-change-type')).toBeNull();
    expect(screen.getByTestId('content-file-current').textContent).toBe('Current file: intro.mp4 (version 2)');
    expect(screen.queryByTestId('content-new-version')).toBeNull();
    chooseFile(webm());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await lastXhr().answer(201, {
      data: [
        {
          url: '/api/files/cccccccccccccccccccccccccccccccc.webm',
          name: 'welcome.webm',
          size: 300,
          mime: 'video/webm',
        },
      ],
    });
    expect((await screen.findByTestId('content-new-version')).textContent).toContain('version 3');
  });

  it("shows the server's field errors on their fields and sends an edit without the type or the kept file", {
    timeout: 20_000,
  }, async () => {
    answerGets(video);
    const update = vi
      .spyOn(http, 'update')
      .mockRejectedValue(
        new ApiError(422, { message: 'Invalid', errors: { completion_threshold: ['Too low.'] } }, 'Invalid'),
      );
    renderAt('/admin/content/edit/7');
    await screen.findByTestId('content-form-type');
    fireEvent.click(screen.getByTestId('content-form-save'));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const body = update.mock.calls[0]?.[2] as Record<string, unknown>;
    expect(body).not.toHaveProperty('type');
    expect(body).not.toHaveProperty('file_url');
    expect(body).toMatchObject({ title: 'Onboarding', hashtag_ids: [3] });
    const threshold = screen.getByTestId('content-threshold');
    expect(await within(threshold.closest('.mantine-InputWrapper-root')!).findByText('Too low.')).toBeTruthy();
  });

  it('shows a link only its address and refuses an address that is not http(s) before sending', {
    timeout: 20_000,
  }, async () => {
    answerGets();
    const post = vi.spyOn(http, 'post');
    renderAt('/admin/content/add');
    fireEvent.click(await screen.findByTestId('content-type-link'));
    expect(screen.queryByTestId('content-file')).toBeNull();
    expect(screen.queryByTestId('content-guard')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Handbook' } });
    fireEvent.change(screen.getByTestId('content-url'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('content-form-save'));
    expect(await screen.findByText('Enter a web address starting with http:// or https://.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    // Back to the types: another choice gives that type's fields.
    fireEvent.click(screen.getByTestId('content-change-type'));
    fireEvent.click(screen.getByTestId('content-type-document'));
    expect(screen.getByTestId('content-file')).toBeTruthy();
    expect(screen.getByTestId('content-min-reading')).toBeTruthy();
  });
});
