import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { programDetail } from '../../educations/learner/fixtures.js';
import { ProgramPanel } from './ProgramPanel.js';

describe('ProgramPanel', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lets a learner join a program open to everybody, then shows their progress in it', async () => {
    const open = programDetail({ enrolment: null });
    const joined = programDetail();
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: open } as never);
    const post = vi.spyOn(http, 'post').mockImplementation((async () => {
      get.mockResolvedValue({ data: joined } as never);
      return { data: joined };
    }) as never);
    renderPage(<ProgramPanel programId={5} onClose={() => undefined} />);
    expect(get).toHaveBeenCalledWith('api/programs/5');
    fireEvent.click(await screen.findByTestId('program-enrol'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/programs/5/enrol'));
    expect(await screen.findByText('1 of 2 steps', { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('program-enrol')).toBeNull();
  });

  it('offers a retry when the program cannot be loaded', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderPage(<ProgramPanel programId={5} onClose={() => undefined} />);
    expect(await screen.findByTestId('program-panel-error', {}, { timeout: 6000 })).toBeTruthy();
  });
});
