import { SHELL_ELEMENT_ID } from '@kampus/shared';

/*
 * The first-paint shell: the server writes the sign-in page or the learner home in plain HTML before the app's root
 * (apps/api platform/http/web.ts), and the root stays hidden while the shell is in the document. The app removes it
 * in the frame its own page arrives (a layout effect: the shell and the page never show together, nor nothing
 * between them).
 */

/** Sets a field's value as typing would, so that React's onChange sees it. */
function type(field: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Replaces the shell by the app's page. What was typed into the shell's fields goes into the page's fields of the
 * same name, and the field that had the focus gives it to its twin (the shell's first field has `autofocus`, as the
 * page's has), however late before the swap the typing came.
 */
export function removeShell(): void {
  const shell = typeof document === 'undefined' ? null : document.getElementById(SHELL_ELEMENT_ID);
  if (!shell) return;
  const typed = [...shell.querySelectorAll('input')].filter((field) => field.name && field.value);
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && shell.contains(active) ? active.name : null;
  shell.remove();
  const twin = (name: string) => document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`);
  // After React's commit (this runs in a layout effect) and before the browser paints.
  queueMicrotask(() => {
    for (const field of typed) {
      const target = twin(field.name);
      if (target && target.value !== field.value) type(target, field.value);
    }
    const target = focused ? twin(focused) : null;
    if (!target) return;
    target.focus();
    if (target.type !== 'password') target.setSelectionRange(target.value.length, target.value.length);
  });
}
