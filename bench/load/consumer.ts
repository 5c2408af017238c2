/**
 * A consumer: destructive gets (DELETE ... ?wait=) in a loop until the load time is over,
 * each on its own connection, treating responses as its kind says: a reader reads them
 * whole; a slow reader reads each piece late; a never-reader reads the headers and then
 * holds the connection past the server's responseTimeout before closing it; an aborter
 * closes the connection at a random moment, usually while its get waits.
 */
import { send, type Outcome, type ReadMode } from "./http-client.js";
import { auth, correlationIdOf, messageUrl } from "./rest.js";
import type { RunState } from "./run-state.js";

export type ConsumerKind = "reader" | "slow" | "never" | "aborter";

/** How long a get waits for a message, in ms. */
const WAIT_MS = 1000;

export async function consume(state: RunState, kind: ConsumerKind, random: () => number): Promise<void> {
  while (!state.stopping()) {
    const mode = modeOf(kind, state, random);
    const outcome = await state.inFlight.run(() => send(messageUrl(state.target, { wait: WAIT_MS }), "DELETE", auth(state.target, "DELETE"), mode));
    record(state, kind, outcome);
  }
}

function modeOf(kind: ConsumerKind, state: RunState, random: () => number): ReadMode {
  switch (kind) {
    case "reader":
      return { kind: "read" };
    case "slow":
      return { kind: "slow", pauseMs: 25 };
    case "never":
      return { kind: "never", holdMs: state.target.responseTimeout + 300 };
    case "aborter":
      // Half as the server takes the request up (where Node's server once committed gets of
      // clients gone), half anywhere in the wait or as its answer arrives.
      return { kind: "abort", afterMs: random() < 0.5 ? Math.floor(random() * 30) : Math.floor(random() * (WAIT_MS + 200)) };
  }
}

/** Books one get's outcome. Exported for the drain, which is a reader. */
export function record(state: RunState, kind: ConsumerKind | "drain", outcome: Outcome): void {
  const id = correlationIdOf(outcome.headers);
  if (outcome.leftEarly) {
    state.tally.abortedGets++;
    if (outcome.status === 0) state.tally.abortedInWait++;
    if (kind === "never") state.tally.neverRead++;
    if (id !== undefined && outcome.status === 200) state.ledger.leftUnread(id);
    return;
  }
  if (outcome.status === 204) return;
  if (outcome.status === 200 && outcome.complete) {
    if (id === undefined || !outcome.body.toString("utf8").startsWith(`${id} `)) {
      state.errors.push(`get: a message whose body does not match its correlation id ${String(id)}: ${outcome.body.toString("utf8").slice(0, 60)}`);
      return;
    }
    state.ledger.receive(id);
    if (kind === "slow") state.tally.slowReads++;
    if (kind === "reader") state.getLatency.add(outcome.ms);
    return;
  }
  if (outcome.cutByServer) {
    state.tally.cutByServer++;
    if (id !== undefined) state.ledger.cutByServer(id);
    return;
  }
  state.errors.push(`get: HTTP ${outcome.status} ${outcome.body.toString("utf8").slice(0, 300)}`);
}
