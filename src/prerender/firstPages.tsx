/**
 * The first pages' HTML, rendered by the same components the client renders, so that a visitor's phone paints the
 * page as soon as the HTML and its stylesheet are in, instead of after some 140 KB of script has arrived and run
 * (issue 30: on the slow-phone profile that was two seconds).
 *
 * - The signed-out pages (renderFirstPage) are rendered at build time (vite.config.ts, prerenderedPages) as a first
 *   visit sees them: no session kept, the default preferences (English, light, left to right).
 * - The signed-in home (renderSignedInPage) is rendered by the server per request, for the person its page cookie
 *   names (server/http/signed-in-page.ts), with the session their browser keeps, as their phone draws it first.
 *
 * The client hydrates this HTML only when the visitor is the one it was rendered for (contract/prerenderedPages.ts
 * says when); any other visitor's page drops it before it paints and renders as before.
 *
 * This module runs in Node only (the build, and the server's renderer built from it); nothing of it ships to the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../App';
import { prepareLanding } from '../machines/landing';
import type { SignedInPageSession } from '../contract/prerenderedPages';
import { loadSignedInLogic } from '../machines/sessionLogic';
import { preloadFirstScreens } from '../routes/screens';
import { PhoneLayoutOnServer } from '../ui/shell/phoneLayoutOnServer';

/**
 * `#root`'s HTML for a path (and query), once the path's screen is loaded (so no Suspense boundary shows its loader).
 * A public page opens as main.tsx opens it for hydration, by the same call: its flow loaded, loading.
 */
export async function renderFirstPage(path: string): Promise<string> {
  const [pathname = path, search = ''] = path.split('?');
  const [, landing] = await Promise.all([preloadFirstScreens(pathname), prepareLanding(pathname, search, { withView: false })]);
  return renderToString(
    <StrictMode>
      <App ssrPath={path} landing={landing} />
    </StrictMode>,
  );
}

/**
 * `#root`'s HTML of a signed-in page for the person of `session`, as main.tsx's first render draws it on their phone
 * with that session restored: the screen and the signed-in session's code loaded first, as main.tsx waits for them
 * (machines/keptSession.ts). The session's token is not needed to draw the page, and the server does not have it.
 */
export async function renderSignedInPage(path: string, session: SignedInPageSession): Promise<string> {
  await Promise.all([preloadFirstScreens(path), loadSignedInLogic()]);
  return renderToString(
    <StrictMode>
      <PhoneLayoutOnServer.Provider value>
        <App ssrPath={path} restored={{ ...session, token: SERVER_RENDER_TOKEN }} />
      </PhoneLayoutOnServer.Provider>
    </StrictMode>,
  );
}

/** Stands for the token in the server's render: the page shows nothing of it, and no call is made while rendering. */
const SERVER_RENDER_TOKEN = 'server-render';
