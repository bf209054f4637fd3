import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const API = process.env.HERALD_API ?? 'http://localhost:8090';
// keep the Host header: the server accepts redirect addresses on the origin the request came to
const proxied = ['/v1', '/oauth', '/user/login', '/users', '/docs', '/openapi.json', '/public', '/open', '/device'];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
