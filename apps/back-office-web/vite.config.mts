import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The ledger serves the build at /back-office/ (LEDGER_BACKOFFICE_WEB_ROOT): the back office at /back-office/,
// the studio console at /back-office/studio/ — two pages of one build sharing the card and i18n code.
export default defineConfig({
  base: '/back-office/',
  plugins: [react()],
  resolve: {
    // Browser-safe modules of workspace packages, from source: the wallet's money display.
    alias: { '@packages': fileURLToPath(new URL('../../packages', import.meta.url)) },
  },
  // The game registry and engines come in as their built CommonJS (`npm run build` builds them first): the report
  // filters list the registry's games, the round page splits hands by baccarat's rules and names the two-card
  // games' sides by theirs.
  optimizeDeps: {
    include: ['@casino/games', '@casino/baccarat', '@casino/dragon-tiger', '@casino/football-studio'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        backOffice: fileURLToPath(new URL('./index.html', import.meta.url)),
        studio: fileURLToPath(new URL('./studio/index.html', import.meta.url)),
      },
    },
  },
  server: {
    // `npm run dev -w @casino/back-office-web`: the ledger (HTTP_PORT, default 3100) answers the API; the pages
    // stay Vite's.
    proxy: {
      '^/back-office/(login|logout|me|reports|staff|audit|bets|players|rounds|operators|alerts)(/|\\?|$)':
        'http://127.0.0.1:3100',
      '^/(tables|rounds|operators|quarantine|metrics)(/|\\?|$)': 'http://127.0.0.1:3100',
    },
  },
});
