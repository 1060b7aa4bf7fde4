// The worker thread of one Tesseract engine (issue 36): tesseract.js's own Node worker script,
// started with the network taken away first. tesseract.js fetches its trained data from a CDN
// whenever `langPath` is not a local folder; here any such attempt fails at once with this
// message instead of leaving the server (ocr-pool.ts gives it the local data of the npm packages).
import net from 'node:net';
import { createRequire } from 'node:module';

/** The message of every refused network use; the OCR pool's tests look for it. */
const REFUSED = 'The OCR worker may not use the network (issue 36: nothing leaves the server).';

/**
 * The refusal, and the end of this thread: an engine that wants the network is misconfigured
 * (tesseract.js would wait for its data for ever). process.exit in a worker thread ends the thread,
 * not the server; the delay lets the failed job's message reach the pool first.
 */
function refuse() {
  setTimeout(() => process.exit(1), 100);
  return new Error(REFUSED);
}

globalThis.fetch = () => Promise.reject(refuse());
// Every TCP and TLS connection (http, https, undici, node-fetch) goes through Socket#connect.
net.Socket.prototype.connect = function refuseConnect() {
  throw refuse();
};

// tesseract.js's worker reads `global.fetch` when it loads, so it is loaded after the lines above.
const require = createRequire(import.meta.url);
require('tesseract.js/src/worker-script/node/index.js');
