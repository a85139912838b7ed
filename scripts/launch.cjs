#!/usr/bin/env node
// `npm run serve|cli|bench`: refuses a Node too old for better-sqlite3 (which would segfault), then
// hands over to the entry. Kept to syntax that any Node can parse, so the message always appears.
// (`npm run serve` also gives Node flags that bound the server's memory: see docs/performance.md.)
'use strict';

var NEEDED = [22, 12];
var running = process.versions.node.split('.').map(Number);

if (running[0] < NEEDED[0] || (running[0] === NEEDED[0] && running[1] < NEEDED[1])) {
  process.stderr.write(
    'Adoption Desk needs Node.js ' +
      NEEDED.join('.') +
      ' or newer; this is Node.js ' +
      process.versions.node +
      ' (' +
      process.execPath +
      ').\n' +
      '`npm ci` installs Node.js 22 into node_modules (the `node` devDependency) and npm scripts use it: run `npm ci`\n' +
      '(without --omit=dev), then `npm run serve` or `npm run cli`. Or put Node.js ' +
      NEEDED.join('.') +
      '+ first on your PATH.\n',
  );
  process.exit(1);
}

require('./entry.cjs').run(process.argv[2], process.argv.slice(3));
