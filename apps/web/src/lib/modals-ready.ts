/*
 * Whether a modals provider listens yet. Mantine's `modals.open…` calls are window events that only a mounted
 * ModalsProvider hears; the learner frame mounts its provider after the first paint (components/ModalsHost.tsx,
 * issue 11), so a dialog asked for before then waits for it instead of being lost. No imports: the first screens hold
 * this module.
 */
let hosts = 0;
const waiting: (() => void)[] = [];

/** Runs `open` now when a provider listens, else as soon as one has mounted. */
export function whenModalsHost(open: () => void): void {
  if (hosts > 0) open();
  else waiting.push(open);
}

/** A provider has mounted and listens (ModalsHost); the returned function is its unmount. */
export function modalsHostMounted(): () => void {
  hosts += 1;
  for (const open of waiting.splice(0)) open();
  return () => {
    hosts -= 1;
  };
}
