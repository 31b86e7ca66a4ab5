import { defineConfig } from 'vite';

// The page imports 'bestfirst' by its name; Vite finds it as a dependency would be found
// (here, the repository's own package.json "exports", pointing at the build in dist/).
// base './': the built folder works from any path, or straight from the disk.
export default defineConfig({
  base: './',
  build: { target: 'es2022' },
});
