/**
 * An operator meanwhile: browses the first message (GET .../message) and asks the depth
 * (MQSC DISPLAY QLOCAL CURDEPTH) over and over while the load runs. A browse must show only
 * a message some producer sent, and the depth must stay within MAXDEPTH.
 */
import { send } from "./http-client.js";
import { auth, correlationIdOf, currentDepth, messageUrl } from "./rest.js";
import { sleep, type RunState } from "./run-state.js";

export async function monitor(state: RunState, maxDepth: number): Promise<void> {
  while (!state.stopping()) {
    const browsed = await state.inFlight.run(() => send(messageUrl(state.target), "GET", auth(state.target, "GET"), { kind: "read" }));
    state.tally.browses++;
    const id = correlationIdOf(browsed.headers);
    if (browsed.status === 200 && (id === undefined || !state.ledger.wasSent(id))) state.errors.push(`browse showed a message no producer sent: ${String(id)}`);
    else if (browsed.status !== 200 && browsed.status !== 204)
      state.errors.push(`browse: HTTP ${browsed.status} ${browsed.body.toString("utf8").slice(0, 300)}`);
    try {
      const depth = await state.inFlight.run(() => currentDepth(state.target));
      state.tally.mqscCommands++;
      state.tally.maxDepthSeen = Math.max(state.tally.maxDepthSeen, depth);
      if (depth > maxDepth) state.errors.push(`CURDEPTH ${depth} is over MAXDEPTH(${maxDepth})`);
    } catch (error) {
      state.errors.push(String(error));
    }
    await sleep(100);
  }
}
