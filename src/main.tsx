import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

async function start() {
  // QA replay (npm run dev:mock); the production build drops this branch and msw with it.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('../mocks/browser');
    await startMockWorker();
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
