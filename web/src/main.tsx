// Entry: i18n, styles, the app, the service worker and the chunk-reload guard.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reloadForChunkError } from './modules/app-shell/utils/chunkReload';
import { registerServiceWorker } from './modules/app-shell/utils/serviceWorker';
import './modules/i18n/i18n';
import './index.css';

// Vite reports a failed preload of a lazy chunk here (a deploy replaced the files).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
