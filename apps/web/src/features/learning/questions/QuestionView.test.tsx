import type { LearnerQuestion, QuestionAnswer } from '@kampus/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../../../../test/render.js';
import { type QuestionFeedback, QuestionView } from './QuestionView.js';

afterEach(cleanup);

const options = [
  { key: 'a', text: 'Kırmızı' },
  { key: 'b', text: 'Mavi' },
  { key: 'c', text: 'Yeşil' },
];

/** The view held by a parent as the taking screen holds it; every change is also reported to `spy`. */
function renderView(question: LearnerQuestion, feedback?: QuestionFeedback, initial: QuestionAnswer | null = null) {
  const spy = vi.fn();
  function Holder() {
    const [value, setValue] = useState<QuestionAnswer | null>(initial);
    return (
      <QuestionView
        question={question}
        value={value}
        onChange={(answer) => {
          spy(answer);
          setValue(answer);
        }}
        feedback={feedback}
      />
    );
  }
  render(<Holder />, { wrapper: providers() });
  return spy;
}

describe('QuestionView', () => {
  it('single: one radio per option, named by its text', async () => {
    const spy = renderView({ type: 'single', text: '<p>Hangi renk?</p>', options });
    expect(screen.getByText('Hangi renk?')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Mavi' }));
    expect(spy).toHaveBeenLastCalledWith({ type: 'single', key: 'b' });
    expect((screen.getByRole('radio', { name: 'Mavi' }) as HTMLInputElement).checked).toBe(true);
  });

  it('multiple: checkboxes keep the options’ order in the answer', async () => {
    const spy = renderView({ type: 'multiple', text: '<p>Hangileri?</p>', options });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Yeşil' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kırmızı' }));
    expect(spy).toHaveBeenLastCalledWith({ type: 'multiple', keys: ['a', 'c'] });
  });

  it('true/false: two radios', async () => {
    const spy = renderView({ type: 'true_false', text: '<p>Doğru mu?</p>' });
    fireEvent.click(screen.getByRole('radio', { name: 'False' }));
    expect(spy).toHaveBeenLastCalledWith({ type: 'true_false', value: false });
  });

  it('short text: a labelled text box', async () => {
    const spy = renderView({ type: 'short_text', text: '<p>Kısaltma?</p>' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'KVKK' } });
    expect(spy).toHaveBeenLastCalledWith({ type: 'short_text', text: 'KVKK' });
  });

  it('numeric: accepts a decimal comma', async () => {
    const spy = renderView({ type: 'numeric', text: '<p>Kaç?</p>' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer (a number)' }), { target: { value: '72,5' } });
    expect(spy).toHaveBeenLastCalledWith({ type: 'numeric', value: 72.5 });
  });

  it('open: a text area with the grading hint', async () => {
    const spy = renderView({ type: 'open', text: '<p>Anlatın.</p>' });
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    fireEvent.change(box, { target: { value: 'Dinlerim' } });
    expect(spy).toHaveBeenLastCalledWith({ type: 'open', text: 'Dinlerim' });
  });

  it('ordering: moves items with buttons, the first up and the last down disabled', async () => {
    const spy = renderView({ type: 'ordering', text: '<p>Sırala</p>', items: options });
    const up = screen.getByRole('button', { name: 'Move "Kırmızı" up' });
    expect((up as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move "Yeşil" down' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move "Yeşil" up' }));
    expect(spy).toHaveBeenLastCalledWith({ type: 'ordering', keys: ['a', 'c', 'b'] });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-key'))).toEqual(['a', 'c', 'b']);
    expect(items[1]?.getAttribute('aria-label')).toBe('Yeşil, Position 2 of 3');
  });

  it('matching: one labelled select per item', async () => {
    const spy = renderView({
      type: 'matching',
      text: '<p>Eşleştir</p>',
      left: [
        { key: 'l1', text: 'Kırmızı daire' },
        { key: 'l2', text: 'Mavi daire' },
      ],
      right: [
        { key: 'r2', text: 'Zorunluluk' },
        { key: 'r1', text: 'Yasak' },
      ],
    });
    const [select] = screen.getAllByTestId('question-view-match');
    expect(select?.getAttribute('data-key')).toBe('l1');
    expect(screen.getAllByLabelText('Kırmızı daire').length).toBeGreaterThan(0);
    fireEvent.click(select as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Yasak' }));
    expect(spy).toHaveBeenLastCalledWith({ type: 'matching', pairs: { l1: 'r1' } });
  });

  it('feedback: the outcome, the right option marked and the explanation', () => {
    renderView(
      { type: 'single', text: '<p>Hangi renk?</p>', options },
      { outcome: 'wrong', revealed: { type: 'single', key: 'c' }, explanation: '<p>Çünkü yeşil.</p>' },
      { type: 'single', key: 'a' },
    );
    const feedback = screen.getByTestId('question-view-feedback');
    expect(feedback.getAttribute('data-outcome')).toBe('wrong');
    expect(within(feedback).getByText('Wrong')).toBeTruthy();
    expect(within(feedback).getByText('Çünkü yeşil.')).toBeTruthy();
    expect(screen.getAllByText('Right answer')).toHaveLength(1);
  });

  it('never runs script in the question text', () => {
    renderView({
      type: 'open',
      text: '<p>Metin</p><img src="x" onerror="window.__x = 1"><script>window.__y=1</script>',
    });
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });
});
