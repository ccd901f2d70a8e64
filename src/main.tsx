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
import { PHONE_LAYOUT_QUERY, PRERENDERED_ATTRIBUTE, PRERENDERED_SESSION_ATTRIBUTE, PRERENDER_UNFIT_ATTRIBUTE, prerenderedPageFits, signedInPageIsFor, SIGNED_IN_PAGE_ATTRIBUTE } from './contract/prerenderedPages';
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
// A page whose HTML carries it already (the sign-in page, a proposal link's loading page: rendered at build time; the
// signed-in home: rendered by the server for the person its page cookie names; contract/prerenderedPages.ts) is
// hydrated when it is the page this visitor would see, a proposal loading as its HTML shows it, home as the kept
// session's phone draws it; for anyone else its markup goes and the app renders afresh.
const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE);
const signedInPage = document.documentElement.hasAttribute(SIGNED_IN_PAGE_ATTRIBUTE);
const visitor = { signInKept: isStored('loggedIN'), phone: typeof window.matchMedia === 'function' && window.matchMedia(PHONE_LAYOUT_QUERY).matches };
const fits = prerendered && !document.documentElement.hasAttribute(PRERENDER_UNFIT_ATTRIBUTE) && prerenderedPageFits(readPreferences(), visitor, signedInPage);
const dropPrerendered = () => {
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
};
if (prerendered && !fits) dropPrerendered();
void Promise.all([preloadFirstScreens(pathname), prepareLanding(pathname, search, { withView: !fits }), prepareKeptSession()]).then(([, landing, restored]) => {
  // A signed-in page is hydrated only with the session it was drawn from: any other would draw another page.
  const hydrate = fits && (!signedInPage || signedInPageIsFor(root.getAttribute(PRERENDERED_SESSION_ATTRIBUTE), restored));
  if (fits && !hydrate) dropPrerendered();
  const app = (
    <StrictMode>
      <App landing={landing} restored={restored} />
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
