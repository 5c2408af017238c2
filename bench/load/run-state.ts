/** What every client of one load run shares: the books, the cap, the clock and the tallies. */
import type { InFlight } from "./in-flight.js";
import type { Latencies } from "./latency.js";
import type { Ledger } from "./ledger.js";
import type { LoadTarget } from "./rest.js";

export interface RunState {
  target: LoadTarget;
  ledger: Ledger;
  inFlight: InFlight;
  /** True once the load time is over: clients finish the request they are in and stop. */
  stopping(): boolean;
  /** ms since the load began. */
  sinceStart(): number;
  putLatency: Latencies;
  getLatency: Latencies;
  tally: Tally;
  /** Answers no client should have had (a 5xx other than a full queue, a browse of a message never sent, ...). */
  errors: string[];
}

export interface Tally {
  refusedFull: number;
  /** Gets whose client closed the connection before the response was whole. */
  abortedGets: number;
  /** ... of which before any of the response had arrived (mid-wait). */
  abortedInWait: number;
  /** Gets whose client read the headers and never the body. */
  neverRead: number;
  /** Gets read whole by a slow reader. */
  slowReads: number;
  /** Responses the server ended unfinished: their get was backed out. */
  cutByServer: number;
  browses: number;
  mqscCommands: number;
  maxDepthSeen: number;
}

export function newTally(): Tally {
  return { refusedFull: 0, abortedGets: 0, abortedInWait: 0, neverRead: 0, slowReads: 0, cutByServer: 0, browses: 0, mqscCommands: 0, maxDepthSeen: 0 };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
