/**
 * The pages whose HTML carries the page itself, rendered at build time (issue 30): the sign-in page, and a
 * customer's proposal link as it shows while the proposal loads (its frame, heading and loader; the proposal comes
 * from the link's `viewProposal`, which the HTML sends early: earlyProposalView.ts). Phone visitors see the page as
 * soon as the HTML and its stylesheet are in, about a second before the scripts could draw it on the slow-phone
 * profile, and the scripts then hydrate that HTML rather than draw it again.
 *
 * The HTML is a first visit's page: English, light, left to right, nobody signed in. A visitor it does not fit (a
 * language, dark scheme or right-to-left direction chosen, a browser in one of the other three languages, a sign-in
 * kept) must never see it: PRERENDER_CHECK_SCRIPT, an inline script first in the head, hides `#root` before
 * the first paint, and the client then renders as it did before this existed. The client decides again with its
 * own reading of the preferences (main.tsx, prerenderedPageFits), and hydrates only when both agree.
 *
 * One page is rendered per request instead: the signed-in home (SIGNED_IN_PAGE), for the person its page cookie
 * names (server/http/signed-in-page.ts). Its HTML is that person's home as their phone draws it first, so the same
 * check keeps it only for a visitor with a sign-in kept, the default preferences and a screen below lg; the client
 * hydrates it only when its kept session is the one it was rendered from (PRERENDERED_SESSION_ATTRIBUTE).
 *
 * Pure: the build and the server import it (the pages, the script and its hash in the content security policy),
 * the client reads the rule. Nothing here runs in the page but PRERENDER_CHECK_SCRIPT.
 */
import type { SessionUser, SideMenuItem } from './authShapes';
import type { PermissionEntry } from './permissions';

/** Set on `#root` while it holds a prerendered page; its value is the page's name. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The prerendered pages: the path each is rendered at, and the paths (a `location.pathname` pattern) it serves. */
export const PRERENDERED_PAGES: ReadonlyArray<{ name: string; renderAt: string; serves: string }> = [
  { name: 'sign-in', renderAt: '/auth/login-2', serves: '^/auth/login-2/?$' },
  { name: 'sign-in-short', renderAt: '/auth/login', serves: '^/auth/login/?$' },
  // Any link's loading page is the same; the server sends it only for a link that makes its request (client-pages.ts),
  // since a link missing its token or proposal shows the invalid-link page instead.
  { name: 'proposal', renderAt: '/public/businessProposal?token=prerendered&zyxP=prerendered&acbS=Sent(Final)', serves: '^/public/businessProposal/?$' },
];

/**
 * The page rendered per request for a signed-in person: home, the page a sign-in lands on. Its HTML depends on who
 * asks (their name, roles and menu), so the server renders it with the build's renderer (RENDERER_FILE).
 */
export const SIGNED_IN_PAGE = { name: 'home', serves: '^/app/home/?$' } as const;

/**
 * What a signed-in page is rendered from: what the client keeps of a sign-in (machines/sessionMachine.ts,
 * StoredSession) but its token, which the page does not show and the server does not have.
 */
export interface SignedInPageSession {
  user: SessionUser;
  timezone: string | null;
  permissions: PermissionEntry[];
  sideMenu: SideMenuItem[];
}

/** Set on `<html>` when `#root` holds a signed-in person's page, which PRERENDER_CHECK_SCRIPT keeps for a sign-in kept. */
export const SIGNED_IN_PAGE_ATTRIBUTE = 'data-signed-in-page';

/**
 * Set on `#root` beside PRERENDERED_ATTRIBUTE on a signed-in page: the digest of the session it was drawn from
 * (signedInPageDigest). The client hydrates the page only when its kept session has the same digest: the same person,
 * with the menu and privileges their browser last stored. Anything else (another person's sign-in kept, a menu
 * changed since, a reload before a fresh sign-in's menu was stored) would draw a different page, which React could
 * only replace after reporting the difference; the client renders afresh instead.
 */
export const PRERENDERED_SESSION_ATTRIBUTE = 'data-prerendered-session';

/** JSON with every object's keys in order, so that the same values give the same text whatever order they came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The digest of what a signed-in page is drawn from: FNV-1a (32 bits, hex) over its canonical JSON. Not a secret. */
export function signedInPageDigest({ user, timezone, permissions, sideMenu }: SignedInPageSession): string {
  const text = canonicalJson({ user, timezone, permissions, sideMenu });
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Whether the client hydrates a signed-in page (main.tsx): only with a kept session whose digest is the page's
 * (PRERENDERED_SESSION_ATTRIBUTE, null when the page carries none). No session kept, or another, renders afresh.
 */
export function signedInPageIsFor(pageDigest: string | null, kept: SignedInPageSession | undefined): boolean {
  return kept !== undefined && pageDigest !== null && signedInPageDigest(kept) === pageDigest;
}

/**
 * The screens a signed-in page's HTML is drawn for: below Mantine's lg breakpoint (75em), where the layout shows
 * the bottom bar and no side or top navigation (ui/shell/AppLayout.tsx reads the same query from the theme). A wider
 * screen's first render waits for the navigation's code and is not the HTML's.
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 74.99375em)';

/** Where the build puts the page renderer the server loads at start (vite.config.ts), beside the server's bundle. */
export const RENDERER_FILE = 'server-dist/render/firstPages.js';

/** Where the build writes the pages' HTML, under its output folder (vite.config.ts, prerenderedPages). */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/** What PRERENDERED_FILE holds. */
export interface PrerenderedFile {
  pages: Array<{ name: string; renderAt: string; serves: string; html: string }>;
}

/** What the prerendered HTML assumes of the visitor's preferences (machines/flows/preferences.ts). */
export interface PrerenderFit {
  locale: string;
  colorScheme: string;
  direction: string;
}

/** What the check reads of the visitor besides the preferences. */
export interface PrerenderVisitor {
  signInKept: boolean;
  /** The screen matches PHONE_LAYOUT_QUERY. */
  phone: boolean;
}

/**
 * The client's rule: the visitor's resolved preferences are the ones the HTML was rendered with, and no sign-in is
 * kept; for a signed-in page, a sign-in is kept and the screen is a phone's.
 */
export function prerenderedPageFits(preferences: PrerenderFit, visitor: PrerenderVisitor, signedInPage = false): boolean {
  const defaults = preferences.locale === 'en' && preferences.colorScheme === 'light' && preferences.direction === 'ltr';
  return defaults && (signedInPage ? visitor.signInKept && visitor.phone : !visitor.signInKept);
}

/** The window property of an early submission (takeEarlySubmit). */
const EARLY_SUBMIT_KEY = '__fieldopsEarlySubmit';

/**
 * Mantine's colour scheme on `<html>`: its stylesheet defines the light scheme's colours (text, borders, the page's
 * background) under it. The client's provider sets it once its scripts run; PRERENDER_CHECK_SCRIPT sets it first, to
 * the scheme the page was rendered in, for a visitor it keeps the page for, so the HTML paints in its colours.
 */
export const COLOR_SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';

/** Set on `<html>` by PRERENDER_CHECK_SCRIPT when the visitor is not one the prerendered page fits. */
export const PRERENDER_UNFIT_ATTRIBUTE = 'data-prerender-unfit';

/**
 * The same rule before the scripts arrive, as fixed text the content security policy names by hash. It runs first
 * in the head, before any stylesheet is asked for (an inline script waits for the stylesheets named before it, and
 * the page may paint in between), and marks `<html>` for a visitor the page does not fit; PRERENDER_STYLE then keeps
 * the prerendered page from showing, and the client empties `#root` and renders as before (main.tsx).
 * It reads the stored preferences as parsePreferences does (a stored language when it is one of the four, else the
 * browser's first of the four, else en; `dark` and `rtl` only as stored), the kept sign-in's `loggedIN` key
 * (api/storage.ts) and, on a signed-in page (SIGNED_IN_PAGE_ATTRIBUTE on `<html>`), the screen's width. Where it cannot
 * tell (storage blocked, preferences that do not parse) it marks the page unfit, which costs that visitor nothing
 * against the page without prerendering. For a visitor it keeps a signed-out page for, it holds back a submission
 * made before the scripts have come (EARLY_SUBMIT_GLOBAL); for any it keeps a page for, it sets the light scheme the
 * page was drawn in (COLOR_SCHEME_ATTRIBUTE). tests/unit/prerenderCheckScript.test.ts
 * runs it against the client's rule.
 */
export const PRERENDER_CHECK_SCRIPT =
  `(function(){var k=false,h=document.documentElement,w=h.hasAttribute(${JSON.stringify(SIGNED_IN_PAGE_ATTRIBUTE)});try{var s=window.localStorage,` +
  'p=JSON.parse(s.getItem("fieldops.preferences")||"null");if(typeof p!=="object"||p===null||Array.isArray(p))p={};' +
  'var L=["en","zh","fr","ja"],l=L.indexOf(p.locale)>=0?p.locale:null,' +
  'n=navigator.languages&&navigator.languages.length?navigator.languages:navigator.language?[navigator.language]:[];' +
  'for(var i=0;i<n.length&&!l;i++){var g=String(n[i]).trim().toLowerCase().split(/[-_]/)[0];if(L.indexOf(g)>=0)l=g}' +
  'k=(l||"en")==="en"&&p.colorScheme!=="dark"&&p.direction!=="rtl"&&' +
  `(w?s.getItem("loggedIN")!==null&&window.matchMedia(${JSON.stringify(PHONE_LAYOUT_QUERY)}).matches:s.getItem("loggedIN")===null)}catch(e){}` +
  `if(!k)h.setAttribute(${JSON.stringify(PRERENDER_UNFIT_ATTRIBUTE)},"");` +
  `else{h.setAttribute(${JSON.stringify(COLOR_SCHEME_ATTRIBUTE)},"light");` +
  `if(!w)document.addEventListener("submit",function(e){if(window[${JSON.stringify(EARLY_SUBMIT_KEY)}]!=="taken"){e.preventDefault();window[${JSON.stringify(EARLY_SUBMIT_KEY)}]=true}},true)}})();`;

/**
 * A form in the page's HTML sent before the scripts have taken it over (a password manager's fill and a quick tap
 * can beat a slow phone's scripts): PRERENDER_CHECK_SCRIPT stops the browser's own submission, which would reload
 * the page, and notes it here; the form, once hydrated, takes the note (takeEarlySubmit) and submits.
 */
export const EARLY_SUBMIT_GLOBAL = EARLY_SUBMIT_KEY;

/**
 * Whether the person submitted the page's form before the scripts took it over; from now on the check lets every
 * submission through to the app (which handles it). Called once, when the form is hydrated.
 */
export function takeEarlySubmit(): boolean {
  const holder = globalThis as { [EARLY_SUBMIT_GLOBAL]?: true | 'taken' };
  const asked = holder[EARLY_SUBMIT_GLOBAL] === true;
  holder[EARLY_SUBMIT_GLOBAL] = 'taken';
  return asked;
}

/** Hides a prerendered page from a visitor it does not fit until the client replaces it. */
export const PRERENDER_STYLE = `html[${PRERENDER_UNFIT_ATTRIBUTE}] #root[${PRERENDERED_ATTRIBUTE}]{visibility:hidden}`;

/** The head's first elements on a prerendered page: the check and the rule that acts on it. */
export const PRERENDER_HEAD = `<script>${PRERENDER_CHECK_SCRIPT}</script><style>${PRERENDER_STYLE}</style>`;

/** `#root` holding a prerendered page; a signed-in page carries its session's digest (hex: no markup in it). */
export function prerenderedRoot(name: string, html: string, sessionDigest?: string): string {
  const session = sessionDigest === undefined ? '' : ` ${PRERENDERED_SESSION_ATTRIBUTE}="${sessionDigest.replace(/[^0-9a-f]/g, '')}"`;
  return `<div id="root" ${PRERENDERED_ATTRIBUTE}="${name}"${session}>${html}</div>`;
}
