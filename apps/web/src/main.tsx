import { StrictMode } from 'react';
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
  createRoot(root).render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  // Nothing will replace the first-paint shell: it must not stay looking like a working page.
  removeShell();
  throw error;
});
