import { defaultClientConditions, defineConfig } from 'vite';
import { typesetHtml } from './web/build/tex.js';

// The chapter page: web/ is the root, the production build is the static folder dist/web.
export default defineConfig({
  root: 'web',
  base: './',
  // The page bundles the library's sources ("#bestfirst..." in package.json "imports"), not dist/.
  resolve: { conditions: ['bestfirst-source', ...defaultClientConditions] },
  // `npm start` prints the build and the address, not Rolldown's [PLUGIN_TIMINGS] note: the TeX plugin
  // typesets the whole chapter at build time, so it is always a large share of a short build.
  build: { outDir: '../dist/web', emptyOutDir: true, target: 'es2022', rolldownOptions: { checks: { bundlerTimings: false } } },
  // The theater's worker (the badge's scan, the ARA* lane) is an ES module like the page.
  worker: { format: 'es', rolldownOptions: { checks: { bundlerTimings: false } } },
  preview: { host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
  plugins: [
    {
      name: 'bestfirst-tex',
      // Typeset at build (and dev) time, so the page never jumps when math renders.
      transformIndexHtml: { order: 'pre', handler: (html) => typesetHtml(html) },
    },
  ],
});
