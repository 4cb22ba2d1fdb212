// Refuses a Node.js that Keel does not support: one line on stderr, exit code 1, before anything else
// runs. The package.json scripts preload it (`node -r ./scripts/require-node.cjs ...`: a preload runs
// before the entry module and its imports are even parsed), and scripts/start.mjs and scripts/test.mjs
// import it first, for direct `node scripts/...` runs. CommonJS with no dependencies and nothing newer
// than ES2015, so that any Node.js still in use can load it far enough to say what is wrong.
"use strict";

/** The Node.js versions Keel supports; package.json "engines" says the same (a unit test keeps them equal). */
const ENGINES = "^22.17.0 || >=24";

/** True when `version` ("22.17.0" or "v24.1.0") lies in ENGINES. */
function isSupportedNodeVersion(version) {
  const [major, minor] = String(version).replace(/^v/, "").split(".").map(Number);
  if (major === 22) return minor >= 17;
  return major >= 24;
}

/** The one line shown on an unsupported Node.js. */
function refusal(version) {
  return `[keel] Keel needs Node.js 22.17+ or 24+ (this is ${version}). Install a current LTS from https://nodejs.org/ (or: nvm install 24) and run the command again.`;
}

module.exports = { ENGINES, isSupportedNodeVersion, refusal };

if (!isSupportedNodeVersion(process.versions.node)) {
  process.stderr.write(`${refusal(process.version)}\n`);
  process.exit(1);
}
