import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The screens a visitor may land on first, by path: their route chunk loads in the same wave as the entry
 * (see firstRoutePreload) instead of after it, so the sign-in and public pages paint after one round of
 * downloads. Patterns match `location.pathname`; screens are source paths of lazily imported modules.
 */
export const FIRST_ROUTES: ReadonlyArray<{ path: string; screens: readonly string[] }> = [
  { path: '^/auth/login(-2)?/?$', screens: ['src/ui/screens/auth/LoginScreen.tsx'] },
  { path: '^/public/businessProposal/?$', screens: ['src/ui/screens/public/BusinessProposalScreen.tsx'] },
  { path: '^/app/home/?$', screens: ['src/ui/shell/AppLayout.tsx', 'src/ui/screens/home/HomeScreen.tsx'] },
  { path: '^/app/.+', screens: ['src/ui/shell/AppLayout.tsx'] },
];

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes a tiny classic script (assets/first-route-*.js, loaded `async` from index.html) that adds
 * modulepreload links for the current path's route chunk, its static imports and its CSS. An external
 * file because the API host's Content-Security-Policy allows no inline script; the HTML cannot name the
 * chunks itself because which ones a page needs depends on its path.
 */
function firstRoutePreload(): Plugin {
  let base = '/';
  return {
    name: 'fieldops:first-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
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
      const routes = FIRST_ROUTES.map(({ path, screens }) => {
        const starts = screens.map((screen) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${screen}`)));
          if (!chunk) this.error(`first-route preload: no chunk for ${screen}`);
          return chunk;
        });
        return [path, [...closure(starts)].filter((file) => !loadedByHtml.has(file))] as const;
      });
      const source = `(function(){var b=${JSON.stringify(base)},r=${JSON.stringify(routes)},p=location.pathname;for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(f){var l=document.createElement("link");if(/\\.css$/.test(f))l.rel="stylesheet";else{l.rel="modulepreload";l.crossOrigin=""}l.href=b+f;document.head.appendChild(l)});return}})();`;
      const ref = this.emitFile({ type: 'asset', name: 'first-route.js', source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('first-route preload: index.html is not in the bundle');
      const tag = `<script async src="${base}${this.getFileName(ref)}"></script>`;
      html.source = String(html.source).replace('</title>', `</title>\n    ${tag}`);
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

// The client is built into dist/ and served by the API host (server/main.ts) on the same origin,
// so calls need no CORS. `npm run dev` proxies /api and the socket to a running server.
// The manifest (.vite/manifest.json) is what tests/unit/firstPageBudget.test.ts reads to keep the first
// pages within their budget.
export default defineConfig({
  plugins: [react(), firstRoutePreload(), compressedSiblings()],
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
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 12 * 1024 } },
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
