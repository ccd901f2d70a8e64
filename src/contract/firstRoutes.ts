/**
 * The screens a visitor may land on first, by path (issue 18). The build makes each of them one chunk and writes
 * which files each path needs beyond the entry's (vite.config.ts), the server names those files in that path's
 * HTML (server/http/client-pages.ts), and the client starts importing the screen before its first render
 * (screens.ts, preloadFirstScreens), so the screen shows without a loader in between.
 *
 * Pure data: vite.config.ts reads it too. Patterns match `location.pathname`; modules are source paths of
 * lazily imported screens.
 */
export const FIRST_ROUTES: ReadonlyArray<{ path: string; modules: readonly string[] }> = [
  { path: '^/auth/login(-2)?/?$', modules: ['src/ui/screens/auth/LoginScreen.tsx'] },
  { path: '^/public/businessProposal/?$', modules: ['src/ui/screens/public/BusinessProposalScreen.tsx'] },
  { path: '^/app/home/?$', modules: ['src/ui/shell/AppLayout.tsx', 'src/ui/screens/home/HomeScreen.tsx'] },
  { path: '^/app/.+', modules: ['src/ui/shell/AppLayout.tsx'] },
];

/** The first screens' modules in the order their chunks take modules they share (vite.config.ts FIRST_CHUNKS). */
export const FIRST_SCREEN_CHUNKS: ReadonlyArray<{ name: string; module: string }> = [
  { name: 'sign-in', module: 'src/ui/screens/auth/LoginScreen.tsx' },
  { name: 'proposal', module: 'src/ui/screens/public/BusinessProposalScreen.tsx' },
  { name: 'shell', module: 'src/ui/shell/AppLayout.tsx' },
  { name: 'home', module: 'src/ui/screens/home/HomeScreen.tsx' },
];

/** Where the build writes, under its output folder, the files each first path needs beyond the entry's. */
export const FIRST_ROUTES_FILE = '.vite/first-routes.json';

/** What FIRST_ROUTES_FILE holds: each first route's pattern and its files (paths under the output folder). */
export interface FirstRoutesFile {
  routes: Array<{ path: string; files: string[] }>;
}

/** The modules of the first screens for this path (none when it is not a first route). */
export function firstModulesFor(pathname: string): readonly string[] {
  return FIRST_ROUTES.find((route) => new RegExp(route.path).test(pathname))?.modules ?? [];
}
