/**
 * The first pages' HTML, rendered at build time (vite.config.ts, prerenderedPages) by the same components the
 * client renders, so that a visitor's phone paints the page as soon as the HTML and its stylesheet are in, instead
 * of after some 140 KB of script has arrived and run (issue 30: on the slow-phone profile that was two seconds).
 *
 * Rendered as a first visit sees it: no session kept, the default preferences (English, light, left to right). The
 * client hydrates this HTML only when the visitor is such a visit (contract/prerenderedPages.ts says when); any other
 * visitor's page drops it before it paints and renders as before.
 *
 * This module runs in Node, at build time only; nothing of it ships to the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../App';
import { prepareLanding } from '../machines/landing';
import { preloadFirstScreens } from '../routes/screens';

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
