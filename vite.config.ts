import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.TALES_API_TARGET ?? 'http://localhost:3000';
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': proxied,
      '/files': proxied,
      '/healthz': proxied,
    },
  },
});
