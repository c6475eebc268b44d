#!/usr/bin/env node
// Operator CLI. The TypeScript build (npm run build, run by npm install) puts it in dist/.
require('../dist/cli.js');
