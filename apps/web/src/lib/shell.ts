import { SHELL_ELEMENT_ID } from '@kampus/shared';

/*
 * The first-paint shell: the server writes the sign-in page in plain HTML before the app's root (apps/api
 * platform/http/web.ts), and the root stays hidden while the shell is in the document. The app removes it in the
 * frame its own page arrives (a layout effect: the shell and the page never show together, nor nothing between them).
 */

const shell = () => (typeof document === 'undefined' ? null : document.getElementById(SHELL_ELEMENT_ID));

/** What was typed into the shell's field `name` before the app took over ('' without a shell). */
export function shellValue(name: string): string {
  const field = shell()?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  return field?.value ?? '';
}

/**
 * Replaces the shell by the app's page: the field that had the focus in the shell gives it to the page's field of the
 * same name (the shell's first field has `autofocus`, as the page's has).
 */
export function removeShell(): void {
  const element = shell();
  if (!element) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && element.contains(active) ? active : null;
  element.remove();
  if (!focused?.name) return;
  const target = document.querySelector<HTMLInputElement>(`#root input[name="${focused.name}"]`);
  if (!target) return;
  target.focus();
  const end = target.value.length;
  if (target.type !== 'password') target.setSelectionRange(end, end);
}
