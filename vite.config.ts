import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client is built into dist/ and served by the API host (server/main.ts) on the same origin,
// so calls need no CORS. `npm run dev` proxies /api and the socket to a running server.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
