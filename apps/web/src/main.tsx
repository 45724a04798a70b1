import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { loadBoot } from './app/boot.js';
import { preloadFirstPage } from './app/router.js';
import { initI18n } from './lib/i18n.js';
import { storage } from './lib/storage.js';

async function start() {
  await storage.init();
  preloadFirstPage();
  const boot = await loadBoot();
  await initI18n(boot.localization, boot.language);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  );
}

void start();
