import { defineConfig } from 'vite';

// The API serves the built SPA on one port; in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:8080' },
      '/socket.io': { target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
});
