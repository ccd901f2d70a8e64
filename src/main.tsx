/** Mounts the client: styles, the HTTP layer's navigation bound to the router, and <App/>. */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './App';
import { configureHttp } from './api/http';

// A call made without a stored token sends the person to sign in without reloading the app;
// 401/403 keep the full reload the spec asks for (http.ts's default), so every actor starts afresh.
configureHttp({ navigate: (path) => navigate(path, { replace: true }) });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
