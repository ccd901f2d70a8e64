/**
 * The pages whose HTML carries the page itself, rendered at build time (issue 30): the sign-in page, and a
 * customer's proposal link as it shows while the proposal loads (its frame, heading and loader; the proposal comes
 * from the link's `viewProposal`, which the HTML sends early: earlyProposalView.ts). Phone visitors see the page as
 * soon as the HTML and its stylesheet are in, about a second before the scripts could draw it on the slow-phone
 * profile, and the scripts then hydrate that HTML rather than draw it again.
 *
 * The HTML is a first visit's page: English, light, left to right, nobody signed in. A visitor it does not fit (a
 * language, dark scheme or right-to-left direction chosen, a browser in one of the other three languages, a sign-in
 * kept) must never see it: PRERENDER_CHECK_SCRIPT, an inline script right after `#root`, empties `#root` before
 * the first paint, and the client then renders as it did before this existed. The client decides again with its
 * own reading of the preferences (main.tsx, prerenderedPageFits), and hydrates only when both agree.
 *
 * Pure: the build and the server import it (the pages, the script and its hash in the content security policy),
 * the client reads the rule. Nothing here runs in the page but PRERENDER_CHECK_SCRIPT.
 */

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

/** The client's rule: the visitor's resolved preferences are the ones the HTML was rendered with, and no sign-in is kept. */
export function prerenderedPageFits(preferences: PrerenderFit, signInKept: boolean): boolean {
  return preferences.locale === 'en' && preferences.colorScheme === 'light' && preferences.direction === 'ltr' && !signInKept;
}

/** The window property of an early submission (takeEarlySubmit). */
const EARLY_SUBMIT_KEY = '__fieldopsEarlySubmit';

/** Set on `<html>` by PRERENDER_CHECK_SCRIPT when the visitor is not one the prerendered page fits. */
export const PRERENDER_UNFIT_ATTRIBUTE = 'data-prerender-unfit';

/**
 * The same rule before the scripts arrive, as fixed text the content security policy names by hash. It runs first
 * in the head, before any stylesheet is asked for (an inline script waits for the stylesheets named before it, and
 * the page may paint in between), and marks `<html>` for a visitor the page does not fit; PRERENDER_STYLE then keeps
 * the prerendered page from showing, and the client empties `#root` and renders as before (main.tsx).
 * It reads the stored preferences as parsePreferences does (a stored language when it is one of the four, else the
 * browser's first of the four, else en; `dark` and `rtl` only as stored) and the kept sign-in's `loggedIN` key
 * (api/storage.ts). Where it cannot tell (storage blocked, preferences that do not parse) it marks the page unfit,
 * which costs that visitor nothing against the page without prerendering. For a visitor it keeps the page for, it
 * holds back a submission made before the scripts have come (EARLY_SUBMIT_GLOBAL). tests/unit/prerenderCheckScript.test.ts
 * runs it against the client's rule.
 */
export const PRERENDER_CHECK_SCRIPT =
  '(function(){var k=false;try{var s=window.localStorage,' +
  'p=JSON.parse(s.getItem("fieldops.preferences")||"null");if(typeof p!=="object"||p===null||Array.isArray(p))p={};' +
  'var L=["en","zh","fr","ja"],l=L.indexOf(p.locale)>=0?p.locale:null,' +
  'n=navigator.languages&&navigator.languages.length?navigator.languages:navigator.language?[navigator.language]:[];' +
  'for(var i=0;i<n.length&&!l;i++){var g=String(n[i]).trim().toLowerCase().split(/[-_]/)[0];if(L.indexOf(g)>=0)l=g}' +
  'k=(l||"en")==="en"&&p.colorScheme!=="dark"&&p.direction!=="rtl"&&s.getItem("loggedIN")===null}catch(e){}' +
  `if(!k)document.documentElement.setAttribute(${JSON.stringify(PRERENDER_UNFIT_ATTRIBUTE)},"");` +
  `else document.addEventListener("submit",function(e){if(window[${JSON.stringify(EARLY_SUBMIT_KEY)}]!=="taken"){e.preventDefault();window[${JSON.stringify(EARLY_SUBMIT_KEY)}]=true}},true)})();`;

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

/** `#root` holding a prerendered page. */
export function prerenderedRoot(name: string, html: string): string {
  return `<div id="root" ${PRERENDERED_ATTRIBUTE}="${name}">${html}</div>`;
}
