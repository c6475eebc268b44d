import { defineConfig } from 'vite';

/**
 * The merchant console: one page the service serves at /console/ (its assets at /console/assets/,
 * hashed), built into web/console/dist. Preact's JSX through esbuild, no plugin, as the widget.
 */
export default defineConfig({
  root: __dirname,
  base: '/console/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    reportCompressedSize: true,
    // The page's Content-Security-Policy allows no inline script, style or data: module.
    assetsInlineLimit: 0,
    modulePreload: false,
  },
});
