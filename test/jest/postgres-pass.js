/**
 * Jest `--filter` for the PostgreSQL pass (`.ci/run`): keeps the spec files that read DATABASE_URL,
 * directly or through test/support (spec-kinds.js), i.e. every spec that touches storage or
 * concurrency; the others (deciders, pure functions, PGlite-only specs) run the same in both passes,
 * so the PGlite pass alone runs them.
 */
const { specKinds } = require('./spec-kinds');

module.exports = (testPaths) => ({ filtered: testPaths.filter((path) => specKinds(path).usesDatabaseUrl) });
