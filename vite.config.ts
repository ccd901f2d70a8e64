import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { FIRST_ROUTES, FIRST_ROUTES_FILE, FIRST_SCREEN_CHUNKS, type FirstRoutesFile } from './src/contract/firstRoutes';
import { PRERENDERED_FILE, PRERENDERED_PAGES, RENDERER_FILE, type PrerenderedFile } from './src/contract/prerenderedPages';

/**
 * The chunks of the first pages, in priority order: the entry's whole static graph (src/main.tsx and everything
 * it imports) in one chunk, then each first screen with what it imports beyond that in one chunk of its own. A
 * module two of them import goes to the earlier one, so the sign-in page never loads the signed-in shell's chunk
 * (modules both the sign-in page and the proposal use go with the entry). Over HTTP/1.1 a browser fetches six
 * files at a time from a host and each further one waits a round trip; in one file each, the sign-in page is five
 * files where it was thirteen, and one large file compresses better than many small ones.
 */
/**
 * The signed-in session's children (src/machines/sessionLogic.ts), which the session imports when a session is
 * restored or begins. With the shell, whose chunk every signed-in page names in its HTML: restoring a session on
 * /app/* then waits for no download of its own, and signing in brings the shell the next page needs anyway. The
 * modules' lifecycle actors (resource.ts) go with the screens that show a module instead (loadModuleLogic).
 */
const SIGNED_IN_LOGIC = ['src/machines/flows/changePassword.ts', 'src/machines/flows/signature.ts'];

/**
 * The proposal page's flow (src/machines/flows/publicProposal.ts), which the session imports when a proposal link
 * opens (machines/landing.ts, before the first render): with the page, whose chunk the link's HTML names, so opening
 * the link waits for no second wave. Named here rather than left to the page's imports of it, which may all be types.
 */
const PROPOSAL_LOGIC = ['src/machines/flows/publicProposal.ts'];

const LOGIC_WITH_SCREEN: Readonly<Record<string, readonly string[]>> = { shell: SIGNED_IN_LOGIC, proposal: PROPOSAL_LOGIC };

const FIRST_CHUNKS: ReadonlyArray<{ name: string; modules: readonly string[] }> = [
  // With the entry, modules that more than one first page uses. Group, Container and one icon: nearly every screen
  // uses them but the sign-in page does not; left to the proposal's chunk (the first to take them), the signed-in
  // shell would load that chunk for them alone. Alert and Image (with its icon): the sign-in page and the proposal
  // both use them; left to the sign-in chunk, a customer's proposal link loaded all of it (11.8 KB) for them. The
  // language picker's button (an ActionIcon; its menu is a chunk of its own): every first page shows it, the
  // proposal link included (issue 34), which would otherwise load the controls chunk below for it, a file more.
  {
    name: 'main',
    modules: [
      'src/main.tsx',
      'node_modules/@mantine/core/esm/components/Group/Group.mjs',
      'node_modules/@mantine/core/esm/components/Container/Container.mjs',
      'node_modules/@tabler/icons-react/dist/esm/icons/IconFileDescription.mjs',
      'node_modules/@mantine/core/esm/components/Alert/Alert.mjs',
      'node_modules/@mantine/core/esm/components/Image/Image.mjs',
      'node_modules/@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs',
      'node_modules/@mantine/core/esm/components/ActionIcon/ActionIcon.mjs',
      'src/ui/shell/LanguagePicker.tsx',
    ],
  },
  // What the sign-in page and every signed-in page both show: home's SimpleGrid and ThemeIcon, and Input with the
  // hooks Mantine's Menu shares with it (Menu imports its search field, an Input: the header's user menu needs it).
  // Left to the sign-in chunk, every signed-in page loaded all of it (the text and password fields, the sign-in
  // screen) for them; with the entry, a customer's proposal link would carry them too. A chunk of their own, which
  // both load beside their own (issue 18).
  {
    name: 'controls',
    modules: [
      'node_modules/@mantine/core/esm/components/SimpleGrid/SimpleGrid.mjs',
      'node_modules/@mantine/core/esm/components/ThemeIcon/ThemeIcon.mjs',
      'node_modules/@mantine/core/esm/components/Input/Input.mjs',
      'node_modules/@mantine/hooks/esm/use-uncontrolled/use-uncontrolled.mjs',
      'node_modules/@mantine/core/esm/core/styles-api/use-resolved-styles-api/use-resolved-styles-api.mjs',
    ],
  },
  ...FIRST_SCREEN_CHUNKS.map(({ name, module }) => ({ name, modules: [module, ...(LOGIC_WITH_SCREEN[name] ?? [])] })),
];

/**
 * Two imports of Mantine's AppShell that home's first paint paid for and does not need (issue 30), each given what
 * the AppShell file uses of it:
 *
 * - Its header, footer and aside import react-remove-scroll for one thing: the class name that keeps a fixed bar
 *   clear of the scrollbar while a Modal or Drawer locks the page's scroll (`RemoveScroll.classNames.zeroRight`).
 *   That brought the whole scroll lock (with its sidecar, style singleton and scroll-bar parts, some 3.5 KB of
 *   brotli) into the shell's chunk, ahead of home's first paint, where no dialog is open. They get the class names
 *   alone, from the same constants the scroll lock reads; the Modal and Drawer that lock the page still import the
 *   real one, with the dialogs that load when opened.
 * - AppShell itself takes its root's id from @mantine/hooks' useId, which renders React's id and then, in a layout
 *   effect, swaps it for a random one. That update made React run every effect of home's first commit (the session
 *   starting, its calls) and render again before the browser could paint: some 50 ms of a slow phone's first
 *   paint. The id only names the root element (a selector in AppShell's `static` mode, which the app does not use):
 *   it keeps React's, with no swap (src/ui/shell/appShellId.ts).
 */
const APP_SHELL_IMPORTS: ReadonlyArray<{ importer: RegExp; source: string; id: string; code: string }> = [
  {
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]/,
    source: 'react-remove-scroll',
    id: '\0fieldops:remove-scroll-class-names',
    code: [
      "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
      'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
    ].join('\n'),
  },
  {
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell\.mjs$/,
    source: '@mantine/hooks',
    id: '\0fieldops:app-shell-id',
    code: "export { useAppShellId as useId } from '/src/ui/shell/appShellId.ts';",
  },
];

function appShellImports(): Plugin {
  return {
    name: 'fieldops:app-shell-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      const replaced = importer ? APP_SHELL_IMPORTS.find((entry) => entry.source === source && entry.importer.test(importer)) : undefined;
      return replaced?.id ?? null;
    },
    load(id) {
      return APP_SHELL_IMPORTS.find((entry) => entry.id === id)?.code ?? null;
    },
  };
}

/** floating-ui, which positions Mantine's Popover, Tooltip and Menu (vite's `popovers` group below). */
const FLOATING_UI = /[\\/]node_modules[\\/]@floating-ui[\\/]/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  moduleIds: readonly string[];
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The HTML's modulepreload links, largest file first, right after the entry's script. Over HTTP/1.1 a browser
 * opens six connections to a host and the files after the sixth wait for one to free up; in Vite's order
 * (dependencies first) the entry's largest chunk came last and waited a round trip behind the small ones.
 */
function preloadsLargestFirst(html: string, sizeOf: (file: string) => number): string {
  const preload = /^[ \t]*<link rel="modulepreload" crossorigin href="\/([^"]+)">\n/gm;
  const links = [...html.matchAll(preload)].map((match) => ({ tag: match[0], file: match[1] ?? '' }));
  const entry = /<script type="module"[^>]*><\/script>\n/.exec(html);
  if (links.length === 0 || !entry) return html;
  const rest = html.replace(preload, '');
  const at = rest.indexOf(entry[0]) + entry[0].length;
  const sorted = links.sort((a, b) => sizeOf(b.file) - sizeOf(a.file)).map((link) => link.tag);
  return `${rest.slice(0, at)}${sorted.join('')}${rest.slice(at)}`;
}

/**
 * Writes FIRST_ROUTES_FILE: for each first route, its route chunk, the chunk's static imports and its CSS, less
 * what index.html loads already, largest first (as preloadsLargestFirst orders the HTML's own). The server adds
 * them to the HTML it sends for a matching path (server/http/client-pages.ts) as modulepreload and stylesheet
 * links: index.html cannot name them, since which ones a page needs depends on its path, nor can an inline script
 * (the Content-Security-Policy allows none); a script file that added them cost the page a round trip.
 */
function firstRoutePreload(): Plugin {
  return {
    name: 'fieldops:first-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & BundleChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: BundleChunk[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (chunk: BundleChunk | undefined) => {
          if (!chunk || seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
          chunk.imports.forEach((file) => visit(byFile.get(file)));
        };
        start.forEach(visit);
        return seen;
      };
      const loadedByHtml = closure(chunks.filter((chunk) => chunk.isEntry));
      const sizeOf = (file: string) => byFile.get(file)?.code.length ?? 0;
      const routes = FIRST_ROUTES.map(({ path, modules }) => {
        const starts = modules.map((screen) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${screen}`)));
          if (!chunk) this.error(`first-route preload: no chunk for ${screen}`);
          return chunk;
        });
        const files = [...closure(starts)].filter((file) => !loadedByHtml.has(file));
        return { path, files: files.sort((a, b) => sizeOf(b) - sizeOf(a)) };
      });
      const written: FirstRoutesFile = { routes };
      this.emitFile({ type: 'asset', fileName: FIRST_ROUTES_FILE, source: `${JSON.stringify(written, null, 2)}\n` });

      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('first-route preload: index.html is not in the bundle');
      html.source = preloadsLargestFirst(String(html.source), sizeOf);
    },
  };
}

/**
 * A .br and a .gz beside every text file of the build, for a server that sends pre-compressed files (brotli at
 * its best quality: it is paid once, at build time). Made from the files
 * as written (writeBundle), not from the bundle in generateBundle: Vite still rewrites chunks after that (the
 * preload map of dynamic imports), and a .gz made earlier would differ from the file it stands for.
 */
function compressedSiblings(): Plugin {
  return {
    name: 'fieldops:compressed-siblings',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const item of Object.values(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(item.fileName)) continue;
        const file = path.join(dir, item.fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
      }
    },
  };
}

/**
 * Writes PRERENDERED_FILE: the HTML of each prerendered page (src/contract/prerenderedPages.ts), rendered by the
 * client's own components (src/prerender/firstPages.tsx) in a server build of them made after the client's. That
 * build stays, at RENDERER_FILE beside the server's bundle: the server renders the signed-in home with it per request
 * (server/http/signed-in-page.ts). Node resolves its packages from the project's node_modules above it. CSS modules'
 * class names come out as the client's, since both builds name them the same way.
 */
function prerenderedPages(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'fieldops:prerendered-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const renderer = path.join(root, RENDERER_FILE);
      await build({
        configFile: false,
        root,
        plugins: [react()],
        logLevel: 'warn',
        // The icons are bundled, so only those the pages use are in it: the package's index loads all five thousand.
        ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
        build: { ssr: 'src/prerender/firstPages.tsx', outDir: path.dirname(renderer), emptyOutDir: true, minify: false, sourcemap: false, copyPublicDir: false },
      });
      const { renderFirstPage } = (await import(pathToFileURL(renderer).href)) as { renderFirstPage(path: string): Promise<string> };
      const pages: PrerenderedFile['pages'] = [];
      for (const page of PRERENDERED_PAGES) pages.push({ ...page, html: await renderFirstPage(page.renderAt) });
      const file = path.join(outDir, PRERENDERED_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify({ pages } satisfies PrerenderedFile, null, 2)}\n`);
    },
  };
}

// The client is built into dist/ and served by the API host (server/main.ts) on the same origin,
// so calls need no CORS. `npm run dev` proxies /api and the socket to a running server.
// The manifest (.vite/manifest.json) is what tests/unit/firstPageBudget.test.ts reads to keep the first
// pages within their budget.
export default defineConfig({
  plugins: [appShellImports(), react(), firstRoutePreload(), compressedSiblings(), prerenderedPages()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Fewer, larger chunks: left alone, Rolldown gives every set of screens sharing a module a chunk of
      // its own, so the sign-in page came in some thirty files, most under 5 KB, each a round trip on a
      // phone's network. Common chunks under 12 KB are copied into the chunks that use them instead (a
      // little code is duplicated between screens; no page waits on a string of tiny files). This needs
      // entry signatures that are not preserved, which a single-page app's entry does not need.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
          // Each group takes its module and, recursively, the static imports no earlier group took (FIRST_CHUNKS).
          groups: [
            ...FIRST_CHUNKS.map(({ name, modules }, index) => ({
              name,
              test: new RegExp(`[\\\\/](${modules.map(escapeRegExp).join('|')})$`),
              priority: (FIRST_CHUNKS.length - index) * 10,
            })),
            // Mantine's whole stylesheet, which every screen but the first ones brings along (ui/styles/wholeMantine.ts):
            // one file of its own, which no first page's chunk takes with it.
            { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]styles\.css$/, priority: (FIRST_CHUNKS.length + 1) * 10 },
            // What Mantine's popovers stand on, which no first page shows before a hover or a press
            // (ui/shell/popovers.tsx). Left to itself it went into the shell's chunk, ahead of home's first paint,
            // where nothing of the shell uses it.
            { name: 'popovers', test: FLOATING_UI, priority: (FIRST_CHUNKS.length - FIRST_CHUNKS.findIndex((c) => c.name === 'shell')) * 10 + 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
