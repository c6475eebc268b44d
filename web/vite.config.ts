import { defineConfig } from 'vite';

/**
 * The loyalty widget: one script a shop embeds with one tag (its styles inside), built as an IIFE
 * into web/dist, which the service serves at /widget/. Preact's JSX through esbuild, no plugin.
 */
export default defineConfig({
  root: __dirname,
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    reportCompressedSize: true,
    lib: {
      entry: 'src/main.tsx',
      formats: ['iife'],
      name: 'LoyaltyWidget',
      fileName: () => 'loyalty-widget.js',
    },
  },
});
