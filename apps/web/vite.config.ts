import { defineConfig, type Plugin } from 'vite';

// The directive prologue of a module: comments (a licence banner) and whitespace, then "use client".
const USE_CLIENT = /^((?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*)(['"]use client['"];?)/;

/**
 * Libraries written for React Server Components (Mantine, TanStack Query, React Router) start their
 * modules with "use client". This app renders only in the browser, so the directive means nothing
 * here, and the bundler, which cannot keep a per-module directive in a bundle, warned about each
 * one: over 900 warnings a build. The directive is blanked before bundling (same length, so source
 * maps stay exact) rather than the warning hidden, so any other warning still shows.
 */
function clientOnlyDirectives(): Plugin {
  return {
    name: 'freightdesk:client-only-directives',
    transform: {
      filter: { id: /node_modules/, code: /['"]use client['"]/ },
      handler(code) {
        const blanked = code.replace(USE_CLIENT, (_all, prologue: string, directive: string) => prologue + ' '.repeat(directive.length));
        return blanked === code ? null : { code: blanked, map: null };
      },
    },
  };
}

// The API serves the built SPA on one port; in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [clientOnlyDirectives()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:8080' },
      '/socket.io': { target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
});
