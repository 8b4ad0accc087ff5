/* global process, console */
/**
 * The first step of every npm script: stops at once, with one clear line, on a Node.js that Cadence
 * does not support. Inside npm scripts `node` is the runtime `npm ci` put in node_modules/.bin (the
 * pinned Node 24 on Linux x64 and arm64), or the system's when there is none (docs/decisions/0018).
 * Plain JavaScript, so an old Node can run it far enough to say so.
 */
import { pathToFileURL } from 'node:url';

/** pg-boss 12 declares Node >= 22.12.0; the rest of the tree (cookie, content-disposition) >= 22. */
export const MINIMUM_NODE = { major: 22, minor: 12 };

/** The message for an unsupported `version` (process.versions.node, e.g. "20.20.2"), or null. */
export function unsupportedNode(version, execPath) {
  const match = /^(\d{1,4})\.(\d{1,4})\./.exec(String(version));
  const major = match ? Number(match[1]) : 0;
  const minor = match ? Number(match[2]) : 0;
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) {
    return null;
  }
  return (
    `Cadence needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or later (24 LTS recommended), ` +
    `but this is Node.js ${version} (${execPath}). On Linux x64 and arm64 \`npm ci\` links ` +
    'Node.js 24 as node_modules/.bin/node; elsewhere install Node.js 24 or 22 and run the ' +
    'command again.'
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const message = unsupportedNode(process.versions.node, process.execPath);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
