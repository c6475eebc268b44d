/**
 * The Node flags the service runs with: those of `npm start` (the Dockerfile's CMD has the same, a
 * test checks). Every measure that stands for the service runs under them: the service process,
 * and the audit measures, which the service answers as endpoints and jobs.
 */
const { scripts } = require('../package.json');

const SERVICE_NODE_FLAGS = scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));

module.exports = { SERVICE_NODE_FLAGS };
