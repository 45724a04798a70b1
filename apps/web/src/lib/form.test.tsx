import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from './form.js';

const schema = z.object({ name: z.string().min(1), tags: z.array(z.string()) });

describe('useSchemaForm', () => {
  it('refuses a NUL or a lone surrogate in any field before sending, with the shared message', async () => {
    const send = vi.fn(async () => undefined);
    const { result } = renderHook(() => useSchemaForm(schema, { name: 'a\u0000b', tags: ['ok', '\ud800'] }));
    await act(() => result.current.submit(send));
    expect(send).not.toHaveBeenCalled();
    const message =
      'This field contains a character that cannot be used (a null character or a broken symbol). Please check the text.';
    expect(result.current.errors).toEqual({ name: message, 'tags.1': message });
  });

  it('sends text with real characters outside the basic plane', async () => {
    const send = vi.fn(async () => undefined);
    const { result } = renderHook(() => useSchemaForm(schema, { name: 'Deniz 👋🏽', tags: [] }));
    await act(() => result.current.submit(send));
    expect(send).toHaveBeenCalledWith({ name: 'Deniz 👋🏽', tags: [] });
  });
});
