/**
 * The JavaScript MQI (adapters/mqi, `webmq/ibmmq`) is `ibmmq`-shaped: MsgId, CorrelId and
 * message data are Node's Buffers, found on globalThis. Node has one; a page, a Web Worker and
 * workerd without `nodejs_compat` do not. Imported first by the non-Node loader (web.ts), this
 * puts the `buffer` package's (the same API, a Uint8Array subclass) there before the MQI's
 * modules run, and leaves a runtime's own Buffer alone.
 */
// "buffer/index.js": the npm package's file, never a runtime's built-in module named "buffer".
import { Buffer as BufferPolyfill } from "buffer/index.js";

const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= BufferPolyfill;
