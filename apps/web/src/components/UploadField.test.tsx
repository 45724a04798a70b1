import type { UploadedFile } from '@kampus/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.js';
import { http } from '../lib/api.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';
import { UploadField } from './UploadField.js';

/** Stands in for the browser's XMLHttpRequest, so a test drives progress and the answer itself. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
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

const sentNow = () => FakeXhr.sent.at(-1)!;
const waitForSend = (count: number) => vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(count));

function renderField(onUploaded = vi.fn<(file: UploadedFile) => void>()) {
  renderPage(<UploadField kind="avatar" label="Profile photo" onUploaded={onUploaded} />);
  return onUploaded;
}

function choose(file: File) {
  fireEvent.change(screen.getByTestId('upload-field-input'), { target: { files: [file] } });
}

const png = (bytes: number, name = 'avatar.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('UploadField (spec §5, §9)', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    void storage.set(STORAGE_KEYS.token, 'access-1');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['too big', png(2048 * 1024 + 1), 'Invalid File Size: 2048 Kilobytes Max'],
    [
      'of another type',
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      'Invalid File Type: image/svg+xml',
    ],
    ['badly named', png(10, 'avatar.png.exe'), 'Invalid File Name: avatar.png.exe'],
  ])('refuses a file %s before sending anything', async (_case, file, message) => {
    const onUploaded = renderField();
    choose(file);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(FakeXhr.sent).toHaveLength(0);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('POSTs files[] with the client headers and shows the progress until it is stored', async () => {
    const onUploaded = renderField();
    choose(png(70));
    await waitForSend(1);
    const xhr = sentNow();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads?kind=avatar');
    expect(xhr.headers).toMatchObject({
      authorization: 'Bearer access-1',
      'x-content-language': 'en',
      'x-kampus-client': 'web/1.0.1',
    });
    expect(xhr.headers).not.toHaveProperty('content-type');
    expect((xhr.body!.get('files[]') as File).name).toBe('avatar.png');

    xhr.progress(35, 70);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    const stored = {
      url: '/api/files/0123456789abcdef0123456789abcdef.png',
      name: 'avatar.png',
      size: 70,
      mime: 'image/png',
    };
    await xhr.answer(201, { data: [stored] });
    expect(onUploaded).toHaveBeenCalledWith(stored);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('upload-field-name').textContent).toBe('Uploaded: avatar.png (70 Bytes)');
  });

  it('names the formats and the limit of the large kinds and checks a 4 GB video before sending', async () => {
    renderPage(<UploadField kind="video" label="Course video" onUploaded={vi.fn()} />);
    expect(screen.getByText('MP4, WEBM · at most 4 GB')).toBeTruthy();
    // A File only claims its size here: no 4 GB is ever allocated.
    const huge = new File(['x'], 'Training.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 4 * 1024 ** 3 + 1 });
    choose(huge);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid File Size: 4194304 Kilobytes Max');
    expect(FakeXhr.sent).toHaveLength(0);
    cleanup();
    renderPage(<UploadField kind="document" label="Handout" onUploaded={vi.fn()} />);
    expect(screen.getByText('PDF, DOC, XLS, PPT, DOCX, XLSX, PPTX · at most 200 MB')).toBeTruthy();
  });

  it('shows the progress of a large video upload as it goes', async () => {
    renderPage(<UploadField kind="video" label="Course video" onUploaded={vi.fn()} />);
    choose(new File([new Uint8Array(64)], 'Training.mp4', { type: 'video/mp4' }));
    await waitForSend(1);
    expect(sentNow().url).toBe('/api/uploads?kind=video');
    const gigabytes = 2 * 1024 ** 3;
    for (const [loaded, percent] of [
      [gigabytes / 4, '25'],
      [(gigabytes * 3) / 4, '75'],
    ] as const) {
      sentNow().progress(loaded, gigabytes);
      expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(percent);
    }
  });

  it('shows the bytes sent and lets the person cancel: nothing is reported uploaded then', async () => {
    const onUploaded = vi.fn();
    const onChosen = vi.fn();
    renderPage(<UploadField kind="video" label="Course video" onUploaded={onUploaded} onChosen={onChosen} />);
    const video = new File([new Uint8Array(64)], 'Training.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: 12 * 1024 ** 2 });
    choose(video);
    await waitForSend(1);
    expect(onChosen).toHaveBeenCalledWith(video);
    // The request is a little larger than the file (the multipart framing): the file's share is shown.
    sentNow().progress(3 * 1024 ** 2 + 100, 12 * 1024 ** 2 + 400);
    expect(screen.getByTestId('upload-field-bytes').textContent).toBe('3 MB / 12 MB');
    fireEvent.click(screen.getByTestId('upload-field-cancel'));
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByTestId('upload-field-cancel')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("shows the server's message when it refuses the file", async () => {
    const onUploaded = renderField();
    choose(png(70));
    await waitForSend(1);
    await sentNow().answer(422, {
      message: 'The submitted data is invalid.',
      errors: { files: ['Invalid File Type: image/png'] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid File Type: image/png');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refreshes the session once on a 401 and sends again', async () => {
    const refresh = vi.spyOn(http, 'refresh').mockImplementation(async () => {
      await storage.set(STORAGE_KEYS.token, 'access-2');
      return 'access-2';
    });
    const onUploaded = renderField();
    choose(png(70));
    await waitForSend(1);
    await sentNow().answer(401, { message: 'Session expired.' });
    await waitForSend(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sentNow().headers.authorization).toBe('Bearer access-2');
    const stored = {
      url: '/api/files/0123456789abcdef0123456789abcdef.png',
      name: 'avatar.png',
      size: 70,
      mime: 'image/png',
    };
    await sentNow().answer(201, { data: [stored] });
    expect(onUploaded).toHaveBeenCalledWith(stored);
  });
});
