/**
 * The signed-in home in the page's HTML (issue 30). A phone that opens home has its page painted from the HTML and
 * its stylesheet, about a second before the scripts could draw it on the slow-phone profile; the scripts then
 * hydrate it (src/main.tsx). The HTML is the person's own page, so it is rendered per request, by the build's
 * renderer of the client's components (src/prerender/firstPages.tsx), for the person the page cookie names.
 *
 * The page cookie (./page-cookie.ts) names the session; the page is rendered from what the session's calls answer.
 *
 * A page rendered for someone is marked as such (SIGNED_IN_PAGE_ATTRIBUTE on `<html>`, its session's digest on `#root`)
 * and is never stored by a cache (`no-store`). The head's check keeps it only for a visitor with a sign-in kept, the
 * default preferences and a phone's screen; the client hydrates it only when its kept session has the same digest.
 *
 * Rendering home costs the server some 15 ms of CPU (median, measured for issue 30's note) besides the
 * session's reads; it is done for every home request that carries the cookie, wide screens included, since the server
 * cannot tell a phone from the request.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { SignedInPageSession } from '../../src/contract/prerenderedPages';
import { findSessionByHash, permissionEntries } from '../auth/sessions';
import { readSubscriberBody } from '../db/account-store';
import { sessionProfile, subscriberTimezone } from './auth-routes';
import { sideMenuOf } from './account-routes';
import type { Db, Queryable } from '../db/pool';

/** Renders a signed-in page's `#root` content for a path and a session (src/prerender/firstPages.tsx, renderSignedInPage). */
export type SignedInPageRenderer = (path: string, session: SignedInPageSession) => Promise<string>;

/**
 * The build's renderer, when the build made one (`npm run build`); without it, home comes unrendered as before. It
 * loads in the background (React, Mantine and the app's components: some 0.3 s and 75 MB), so the server's start does
 * not wait for it; until it is in, home goes out unrendered. A renderer that fails to load is reported once.
 */
export function loadRendererInBackground(file: string, report: (error: unknown) => void): () => SignedInPageRenderer | undefined {
  let renderer: SignedInPageRenderer | undefined;
  if (fs.existsSync(file)) {
    import(pathToFileURL(file).href).then(
      (module: { renderSignedInPage?: SignedInPageRenderer }) => void (renderer = module.renderSignedInPage),
      report,
    );
  }
  return () => renderer;
}

/**
 * What the client keeps of the sign-in of the session with this hash, as its calls answer it now: the sign-in's
 * user and time zone, getPermissions' entries and getSideMenu's menu; undefined when the session has ended.
 */
export async function pageSession(db: Db, hash: string): Promise<SignedInPageSession | undefined> {
  const { lookup, body } = await findSessionByHash(db as Queryable, hash);
  if (!lookup.ok || !body) return undefined;
  const { user } = lookup;
  const [profile, subscriber, sideMenu] = await Promise.all([sessionProfile(db, user._id, user.tenantId, body), readSubscriberBody(db, user.tenantId), sideMenuOf(db, user)]);
  return { user: profile, timezone: subscriberTimezone(subscriber), permissions: permissionEntries(user.permissions), sideMenu };
}
