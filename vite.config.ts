import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.TALES_API_TARGET ?? 'http://localhost:3000';
const proxied = { target: apiTarget, changeOrigin: false };

/**
 * React's API served by preact/compat, a tenth of react-dom's size (docs/decisions.md, "Preact in
 * the browser"); the code and its types stay React's. Exact matches, most specific first.
 */
const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // React 18 shim (react-i18next): preact/compat has the real hook
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // preact/compat plus `use` (react-leaflet 5 needs it; Preact 10 lacks it)
  { find: /^react(-dom)?$/, replacement: fileURLToPath(new URL('./web/src/preact/compat.js', import.meta.url)) },
];

/** `@/` is web/src and `@common/` the shared contract (tsconfig.json `paths` says the same to TypeScript). */
export const pathAliases = [
  { find: '@', replacement: fileURLToPath(new URL('./web/src', import.meta.url)) },
  { find: '@common', replacement: fileURLToPath(new URL('./common', import.meta.url)) },
];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
 * highest levels, so the server sends them as they are (@fastify/static `preCompressed`) instead
 * of compressing per request. Source maps and files too small to gain are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tales-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        files
          .filter((f) => /\.(js|css|svg|json|txt)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const body = fs.readFileSync(file);
            if (body.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzip(body, { level: 9 }),
            ]);
            fs.writeFileSync(`${file}.br`, br);
            fs.writeFileSync(`${file}.gz`, gz);
          }),
      );
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  resolve: { alias: [...pathAliases, ...preactAliases] },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Everything the first page loads anyway, in one file instead of some thirty: over HTTP/1.1
        // a browser fetches six at a time, so small shared chunks queued behind each other (a
        // slow phone's first paint). Lazy screens still load only their own code.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': proxied,
      '/files': proxied,
      '/healthz': proxied,
    },
  },
});
