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
 * A customer's proposal link is the one page whose HTML depends on its query: it carries the link's
 * `viewProposal` request, sent before the scripts arrive (src/contract/earlyProposalView.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { earlyViewHtml, PROPOSAL_PAGE } from '../../src/contract/earlyProposalView';
import { FIRST_ROUTES_FILE, type FirstRoutesFile } from '../../src/contract/firstRoutes';

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

/** A function from a page's path and query to its HTML; undefined when there is no built client. */
export function clientPages(distDir: string): ((pathname: string, query: URLSearchParams) => string) | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const index = fs.readFileSync(indexFile, 'utf8');
  const routesFile = path.join(distDir, FIRST_ROUTES_FILE);
  const { routes } = fs.existsSync(routesFile) ? (JSON.parse(fs.readFileSync(routesFile, 'utf8')) as FirstRoutesFile) : { routes: [] };
  const pages = routes.map(({ path: pattern, files }) => ({
    matches: new RegExp(pattern),
    html: files.length === 0 ? index : index.replace('</head>', `  ${preloadLinks(files)}\n  </head>`),
  }));
  return (pathname, query) => {
    const html = pages.find((page) => page.matches.test(pathname))?.html ?? index;
    return PROPOSAL_PAGE.test(pathname) ? beforeFirstScript(html, earlyViewHtml(query)) : html;
  };
}
