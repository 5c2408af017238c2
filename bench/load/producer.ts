/**
 * A producer: puts persistent messages, each with its own correlation id and a body that
 * names it, over fetch (undici, keep-alive; webmq/http/client), until the load time is over. A full queue
 * (MQRC_Q_FULL, 2053) is the bound working: the producer waits a little and goes on.
 * Producers put in bursts and all rest between them, so the queue both reaches MAXDEPTH and
 * runs dry, and consumers' gets both find a message at once and wait for one.
 */
import { RestResponseError, RestUnreachableError } from "../../adapters/http/client.js";
import { LOAD_QUEUE, restClient } from "./rest.js";
import { sleep, type RunState } from "./run-state.js";

const Q_FULL = 2053;

export async function produce(state: RunState, producer: number, options: { largeEvery: number; largeBytes: number; burstMs: number }): Promise<void> {
  for (let seq = 0; !state.stopping(); seq++) {
    while (options.burstMs > 0 && resting(state.sinceStart(), options.burstMs) && !state.stopping()) await sleep(25);
    if (state.stopping()) return;
    const id = `p${producer}-${String(seq).padStart(6, "0")}`;
    // Now and then a body larger than the socket buffers, so that a slow or absent reader
    // really holds its response (and its get) open.
    const large = options.largeEvery > 0 && seq % options.largeEvery === options.largeEvery - 1;
    const body = large ? `${id} ${"L".repeat(options.largeBytes)}` : `${id} load message`;
    state.ledger.sending(id);
    const started = performance.now();
    let full = false;
    await state.inFlight.run(async () => {
      try {
        await restClient(state.target).put(LOAD_QUEUE, body, { persistence: "persistent", correlationId: id });
        state.ledger.acknowledge(id);
        state.putLatency.add(performance.now() - started);
      } catch (error) {
        if (!(error instanceof RestResponseError)) {
          state.ledger.unanswered(id);
          state.errors.push(`put ${id}: no answer (${String(error instanceof RestUnreachableError ? error.cause : error)})`);
          return;
        }
        state.ledger.refuse(id);
        if (error.status === 503 && error.error?.reasonCode === Q_FULL) {
          state.tally.refusedFull++;
          full = true;
          return;
        }
        state.errors.push(`put ${id}: HTTP ${error.status} ${error.body.slice(0, 300)}`);
      }
    });
    if (full) await sleep(20);
  }
}

/** Producers rest in the second half of every period of two bursts. */
function resting(ms: number, burstMs: number): boolean {
  return ms % (2 * burstMs) >= burstMs;
}
