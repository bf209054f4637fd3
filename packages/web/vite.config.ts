import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = process.env.HERALD_API ?? 'http://localhost:8090';
const proxied = ['/v1', '/oauth', '/user/login', '/users', '/docs', '/openapi.json'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
