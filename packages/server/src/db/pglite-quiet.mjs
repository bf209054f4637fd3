// @ts-check
/**
 * PGlite reads every reply it hands out into message objects for its own query API, and keeps
 * them in a list that only that API empties. The embedded database's thread (pglite-worker.mjs)
 * passes bytes in and out with execProtocolRawSync and never calls that API, so the list grew by
 * every reply for as long as the server ran (measured: +80 MB of heap per 20,000 ten-row
 * queries), and the reading took half the time of a small query. With `quiet(true)` PGlite's
 * reader does nothing; PGlite's own calls (opening, closing the database) run with it off.
 * Whatever PGlite learns from those messages (whether a transaction is open, notices) is then
 * not known to it: the thread reads the transaction state off ReadyForQuery itself.
 *
 * A patch of PGlite's protocol reader, so the version is pinned (packages/server/package.json)
 * and a PGlite without that reader stops the server here instead of leaking again.
 */
import { protocol } from '@electric-sql/pglite';

const parse = protocol.Parser.prototype.parse;
if (typeof parse !== 'function') {
  throw new Error('this PGlite has no Parser.prototype.parse: read pglite-quiet.mjs before upgrading it');
}
let on = false;
protocol.Parser.prototype.parse = function (/** @type {any[]} */ ...args) {
  if (!on) return parse.apply(this, /** @type {any} */ (args));
};

/** While true, PGlite does not read the replies that pass through it. @param {boolean} value */
export function quiet(value) {
  on = value;
}
