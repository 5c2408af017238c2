/**
 * A producer: puts persistent messages, each with its own correlation id and a body that
 * names it, over fetch (undici, keep-alive), until the load time is over. A full queue
 * (MQRC_Q_FULL, 2053) is the bound working: the producer waits a little and goes on.
 * Producers put in bursts and all rest between them, so the queue both reaches MAXDEPTH and
 * runs dry, and consumers' gets both find a message at once and wait for one.
 */
import { auth, messageUrl } from "./rest.js";
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
        const response = await fetch(messageUrl(state.target), {
          method: "POST",
          headers: { ...auth(state.target), "content-type": "text/plain;charset=utf-8", "ibm-mq-md-persistence": "persistent", "ibm-mq-md-correlationId": id },
          body,
        });
        const text = await response.text();
        if (response.status === 201) {
          state.ledger.acknowledge(id);
          state.putLatency.add(performance.now() - started);
          return;
        }
        state.ledger.refuse(id);
        if (response.status === 503 && reasonOf(text) === Q_FULL) {
          state.tally.refusedFull++;
          full = true;
          return;
        }
        state.errors.push(`put ${id}: HTTP ${response.status} ${text.slice(0, 300)}`);
      } catch (error) {
        state.ledger.unanswered(id);
        state.errors.push(`put ${id}: no answer (${String(error)})`);
      }
    });
    if (full) await sleep(20);
  }
}

/** Producers rest in the second half of every period of two bursts. */
function resting(ms: number, burstMs: number): boolean {
  return ms % (2 * burstMs) >= burstMs;
}

function reasonOf(text: string): number | undefined {
  try {
    return JSON.parse(text).error?.[0]?.reasonCode;
  } catch {
    return undefined;
  }
}
