import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { loadBoot } from './app/boot.js';
import { loadAdminBranch, preloadFirstPage, startNeedsAdminRoutes } from './app/router.js';
import { initI18n } from './lib/i18n.js';
import { removeShell } from './lib/shell.js';
import { storage } from './lib/storage.js';

async function start() {
  await storage.init();
  // A start that may go to an admin page loads the admin routes beside the boot requests (router.tsx).
  const admin = startNeedsAdminRoutes() ? loadAdminBranch().catch(() => null) : null;
  if (admin) void admin.then(preloadFirstPage);
  else preloadFirstPage();
  const boot = await loadBoot();
  await admin;
  await initI18n(boot.localization, boot.language);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // A transition: React renders the app in slices, yielding to the browser between them, rather than in one long
  // task that would block a click or a key on the first-paint shell meanwhile (TBT, issue 11).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App boot={boot} />
      </StrictMode>,
    ),
  );
}

start().catch((error: unknown) => {
  // Nothing will replace the first-paint shell: it must not stay looking like a working page.
  removeShell();
  throw error;
});
