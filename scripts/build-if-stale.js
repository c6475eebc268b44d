#!/usr/bin/env node
// `npm start` runs this first: compile only when dist/ is missing or older than a source file or a
// build setting (npm install already built it; a fresh start then takes seconds, not a recompile).
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const built = join(root, 'dist', 'main.js');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((p) => join(root, p));
const stale = !existsSync(built) || inputs.some((p) => existsSync(p) && newest(p) > statSync(built).mtimeMs);
if (stale) {
  process.stderr.write('dist/ is older than the source: building (npm run build)\n');
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
}

// The widget (web/ to web/dist): built when missing or older than its sources.
const widget = join(root, 'web', 'dist', 'loyalty-widget.js');
const widgetInputs = ['web/src', 'web/vite.config.ts', 'package-lock.json'].map((p) => join(root, p));
if (!existsSync(widget) || widgetInputs.some((p) => existsSync(p) && newest(p) > statSync(widget).mtimeMs)) {
  process.stderr.write('web/dist/ is older than the widget source: building (npm run widget:build)\n');
  execFileSync('npm', ['run', 'widget:build'], { cwd: root, stdio: 'inherit' });
}

// The merchant console (web/console to web/console/dist): built when missing or older than its sources.
const consolePage = join(root, 'web', 'console', 'dist', 'index.html');
const consoleInputs = [
  'web/console/src',
  'web/console/index.html',
  'web/console/vite.config.ts',
  'package-lock.json',
].map((p) => join(root, p));
if (!existsSync(consolePage) || consoleInputs.some((p) => existsSync(p) && newest(p) > statSync(consolePage).mtimeMs)) {
  process.stderr.write('web/console/dist/ is older than the console source: building (npm run console:build)\n');
  execFileSync('npm', ['run', 'console:build'], { cwd: root, stdio: 'inherit' });
}
