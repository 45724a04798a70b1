import { TextInput } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../../test/render.js';
import { ApiError } from '../lib/http.js';
import { isDirtyForm, ResourceForm, type SaveMode } from './ResourceForm.js';

const schema = z.object({ name: z.string().trim().min(1, 'validation.required'), email: z.email('validation.email') });

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function mount(onSave: (data: z.output<typeof schema>, mode: SaveMode) => Promise<unknown>) {
  renderPage(
    [
      {
        path: '/form',
        element: (
          <>
            <Where />
            <Link to="/elsewhere">away</Link>
            <ResourceForm schema={schema} initial={{ name: '', email: '' }} onSave={onSave} cancelTo="/list" testId="f">
              {(form) => (
                <>
                  <TextInput label="Name" {...form.field('name')} />
                  <TextInput label="Email" {...form.field('email')} />
                </>
              )}
            </ResourceForm>
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { at: '/form' },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ResourceForm', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('compares values as data', () => {
    expect(isDirtyForm({ a: '1', b: [1] }, { a: '1', b: [1] })).toBe(false);
    expect(isDirtyForm({ a: '1' }, { a: '2' })).toBe(true);
  });

  it('validates with the schema before sending: nothing is sent, the errors sit on their fields', async () => {
    const onSave = vi.fn(async () => undefined);
    mount(onSave);
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByTestId('f-save'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts the server's 422 field errors on their fields, and others in the form's alert", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(
        422,
        { message: 'Invalid', errors: { email: ['This email is taken.'], role_ids: ['Bad role.'] } },
        'This email is taken.',
      );
    });
    mount(onSave);
    type('Name', 'Ayşe');
    type('Email', 'ayse@demo.test');
    fireEvent.click(screen.getByTestId('f-save'));
    expect(await screen.findByText('This email is taken.', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('f-error')).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith({ name: 'Ayşe', email: 'ayse@demo.test' }, 'back');
  });

  it('asks before leaving with unsaved changes, and not after a save-and-stay', async () => {
    mount(async () => undefined);
    type('Name', 'Ayşe');
    fireEvent.click(screen.getByText('away'));
    expect(await screen.findByTestId('f-leave-guard')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByTestId('where').textContent).toBe('/form');

    type('Email', 'ayse@demo.test');
    fireEvent.click(screen.getByTestId('f-save-stay'));
    await waitFor(() => expect(screen.getByTestId('f-save-stay').hasAttribute('data-loading')).toBe(false));
    fireEvent.click(screen.getByText('away'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/elsewhere'));
  });

  it('lets a save navigate without asking', async () => {
    // The save's own redirect (the store's rule) must not be stopped by the guard.
    let go: (() => void) | null = null;
    mount(async () => {
      go?.();
    });
    go = () => fireEvent.click(screen.getByText('away'));
    type('Name', 'Ayşe');
    type('Email', 'ayse@demo.test');
    fireEvent.click(screen.getByTestId('f-save'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/elsewhere'));
  });
});
