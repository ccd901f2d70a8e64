/** Mounts the client: styles, the HTTP layer's navigation bound to the router, and <App/>. */
// Only the Mantine styles of the first pages (see the file); the other screens, dates, charts and the
// rich-text editor bring their styles with them.
import './ui/styles/mantineFirstPages.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './App';
import { configureHttp } from './api/http';
import { isStored } from './api/storage';
import { PRERENDERED_ATTRIBUTE, PRERENDER_UNFIT_ATTRIBUTE, prerenderedPageFits } from './contract/prerenderedPages';
import { loadDictionary } from './i18n';
import { readPreferences } from './machines/flows/preferences';
import { prepareKeptSession } from './machines/keptSession';
import { prepareLanding } from './machines/landing';
import { preloadFirstScreens } from './routes/screens';

// A call made without a stored token sends the person to sign in without reloading the app;
// 401/403 keep the full reload the spec asks for (http.ts's default), so every actor starts afresh.
configureHttp({ navigate: (path) => navigate(path, { replace: true }) });

// The chosen language's dictionary (zh, fr, ja) starts loading now, alongside the first render.
void loadDictionary(readPreferences().locale);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the screen of the path the visitor landed on (its chunk is on its way already: the
// HTML preloads it), so that screen renders at once rather than suspending behind a loader, which React keeps up
// for a further 300 ms once the screen is there (routes/lazyScreen.tsx); on a public link it also waits for the
// page's flow and, for a proposal, the view the HTML sent (machines/landing.ts); with a sign-in kept, for the
// session read from the store with its code (machines/keptSession.ts). Other paths render at once.
const { pathname, search } = window.location;
// A page whose HTML carries it already (the sign-in page, a proposal link's loading page: rendered at build time,
// contract/prerenderedPages.ts) is hydrated when it is the page this visitor would see, a proposal loading as its HTML
// shows it; for anyone else its markup goes and the app renders afresh.
const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE);
const hydrate = prerendered && !document.documentElement.hasAttribute(PRERENDER_UNFIT_ATTRIBUTE) && prerenderedPageFits(readPreferences(), isStored('loggedIN'));
if (prerendered && !hydrate) {
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
}
void Promise.all([preloadFirstScreens(pathname), prepareLanding(pathname, search, { withView: !hydrate }), prepareKeptSession()]).then(([, landing, restored]) => {
  const app = (
    <StrictMode>
      <App landing={landing} restored={restored} />
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
