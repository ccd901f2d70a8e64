/**
 * The HTML of the client's pages. Every client route gets the build's index.html; a route a visitor may land on
 * first (the sign-in page, a customer's proposal link, the signed-in home) gets it with its own route chunk, that
 * chunk's imports and its CSS named in the head, so the browser fetches them alongside the entry instead of after
 * the entry has run and asked for them (issue 18: one wave of downloads fewer on a phone's network).
 *
 * The build lists what each first route needs in FIRST_ROUTES_FILE (vite.config.ts, firstRoutePreload); a
 * build without that file serves index.html as it is. Pages are made once, at start-up: a build does not change
 * under a running server.
 *
 * A prerendered page (the sign-in page: src/contract/prerenderedPages.ts) carries itself in `#root`, rendered at
 * build time into PRERENDERED_FILE, and the check that keeps it only for the visitors it fits first in its head.
 *
 * A customer's proposal link is the one page whose HTML depends on its query: it carries the link's
 * `viewProposal` request, sent before the scripts arrive (src/contract/earlyProposalView.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { earlyViewHtml, PROPOSAL_PAGE } from '../../src/contract/earlyProposalView';
import { FIRST_ROUTES_FILE, type FirstRoutesFile } from '../../src/contract/firstRoutes';
import { PRERENDER_HEAD, PRERENDERED_FILE, prerenderedRoot, SIGNED_IN_PAGE, SIGNED_IN_PAGE_ATTRIBUTE, type PrerenderedFile } from '../../src/contract/prerenderedPages';

/** The head links that start the files' downloads: a stylesheet for CSS, a module preload for scripts. */
export function preloadLinks(files: readonly string[]): string {
  return files
    .map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`))
    .join('\n    ');
}

/**
 * `html` with `elements` ahead of its first script: an inline script waits for every stylesheet named before it,
 * and the early request must not (measured: sent 1.2 s later when it followed the page's CSS).
 */
export function beforeFirstScript(html: string, elements: string): string {
  if (elements === '') return html;
  const at = html.indexOf('<script');
  return at < 0 ? html.replace('</head>', `${elements}\n  </head>`) : `${html.slice(0, at)}${elements}\n    ${html.slice(at)}`;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * `html` carrying a prerendered page: the check first in the head, the page in `#root`. A signed-in person's page
 * (`sessionDigest`) is marked so on `<html>`, for the check, and carries its session's digest on `#root`, for the client.
 */
export function withPrerenderedPage(html: string, page: { name: string; html: string; sessionDigest?: string }): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error('index.html has no empty #root to hold a prerendered page');
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  const at = charset ? charset.index + charset[0].length : html.indexOf('<head>') + '<head>'.length;
  const headed = `${html.slice(0, at)}\n    ${PRERENDER_HEAD}${html.slice(at)}`;
  const marked = page.sessionDigest === undefined ? headed : headed.replace(/<html(?=[\s>])/i, `<html ${SIGNED_IN_PAGE_ATTRIBUTE}`);
  // A function as the replacement: the page's HTML may hold `$` patterns String.replace would expand.
  return marked.replace(EMPTY_ROOT, () => prerenderedRoot(page.name, page.html, page.sessionDigest));
}

/** A signed-in person's page, rendered for them (./signed-in-page.ts): its `#root` content and its session's digest. */
export interface SignedInRender {
  html: string;
  sessionDigest: string;
}

/** Whether a path is the page rendered per request for a signed-in person (contract/prerenderedPages.ts). */
const SIGNED_IN_PATH = new RegExp(SIGNED_IN_PAGE.serves);
export const isSignedInPage = (pathname: string): boolean => SIGNED_IN_PATH.test(pathname);

/**
 * A function from a page's path and query (and, on the signed-in page, its render for the person asking) to its
 * HTML; undefined when there is no built client.
 */
export function clientPages(distDir: string): ((pathname: string, query: URLSearchParams, signedIn?: SignedInRender) => string) | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const index = fs.readFileSync(indexFile, 'utf8');
  const routesFile = path.join(distDir, FIRST_ROUTES_FILE);
  const { routes } = fs.existsSync(routesFile) ? (JSON.parse(fs.readFileSync(routesFile, 'utf8')) as FirstRoutesFile) : { routes: [] };
  const prerenderedFile = path.join(distDir, PRERENDERED_FILE);
  const prerendered = fs.existsSync(prerenderedFile) ? (JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')) as PrerenderedFile).pages : [];
  const withFiles = routes.map(({ path: pattern, files }) => ({
    matches: new RegExp(pattern),
    html: files.length === 0 ? index : index.replace('</head>', `  ${preloadLinks(files)}\n  </head>`),
  }));
  const htmlFor = (pathname: string) => withFiles.find((page) => page.matches.test(pathname))?.html ?? index;
  // A prerendered page's path gets its route's files as well.
  const withPages = prerendered.map((page) => ({ matches: new RegExp(page.serves), html: withPrerenderedPage(htmlFor(page.renderAt.split('?')[0] ?? ''), page) }));
  return (pathname, query, signedIn) => {
    if (signedIn && isSignedInPage(pathname)) return withPrerenderedPage(htmlFor(pathname), { name: SIGNED_IN_PAGE.name, ...signedIn });
    if (PROPOSAL_PAGE.test(pathname)) {
      // The proposal's prerendered page is its loading page: for a link that makes its request (and so loads),
      // not for one missing its token or proposal, which shows the invalid-link page.
      const early = earlyViewHtml(query);
      const page = early === '' ? undefined : withPages.find((p) => p.matches.test(pathname));
      return beforeFirstScript(page?.html ?? htmlFor(pathname), early);
    }
    return (withPages.find((page) => page.matches.test(pathname)) ?? withFiles.find((page) => page.matches.test(pathname)))?.html ?? index;
  };
}
