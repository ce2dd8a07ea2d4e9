import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The lobby service serves the build at /lobby (the operators' launch URL): assets live under /lobby/.
export default defineConfig({
  base: '/lobby/',
  plugins: [react()],
  resolve: {
    alias: {
      // Browser-safe modules of workspace packages, from source: the roulette engine's wheel and layout, the
      // wallet's money display.
      '@packages': fileURLToPath(new URL('../../packages', import.meta.url)),
    },
  },
  // The game registry, the engines and the roads (@casino/games, @casino/baccarat, …) come in as their built CommonJS
  // (`npm run build` builds them first): pure code, the same rules the services and the ledger run. Their
  // node:crypto imports (shoe shuffles, commitments) are never called here and stay out of the bundle.
  optimizeDeps: {
    include: [
      '@casino/games',
      '@casino/baccarat',
      '@casino/blackjack',
      '@casino/cards',
      '@casino/roulette',
      '@casino/roads',
      '@casino/dragon-tiger',
      '@casino/football-studio',
      '@casino/sic-bo',
      '@casino/fan-tan',
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
  server: {
    // `npm run dev -w @casino/player-web`: the lobby service (port 3000) answers the API and the lobby socket.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
