/**
 * Channel states set by START and STOP CHANNEL, before (or without) the channels' agents: a
 * channel that dials its partner goes to RETRYING when started, which is what MQ shows for a
 * sender that cannot reach its partner, until its agent (core/features/channels, loaded when a
 * queue manager has a channel connector) says otherwise; a receiving channel waits, inactive,
 * for its partner. A channel with no state is inactive.
 */
import type { ChannelState } from "../kernel/index.js";
import type { ObjectCatalogue } from "../objects/registry.js";
import { dialsOut } from "../objects/channel-dialing.js";

export class ChannelStates {
  readonly #states = new Map<string, ChannelState>();

  constructor(private readonly objects: ObjectCatalogue) {}

  start(name: string): ChannelState | undefined {
    const channel = this.objects.definitionOf("channel", name);
    // A server with no CONNAME cannot dial: started, it is inactive until its requester calls.
    if (dialsOut(channel.attributes)) this.#states.set(name, "retrying");
    else this.#states.delete(name);
    return this.#states.get(name);
  }

  stop(name: string): void {
    this.objects.definitionOf("channel", name);
    this.#states.set(name, "stopped");
  }

  status(name: string): ChannelState | undefined {
    return this.#states.get(name);
  }

  forget(name: string): void {
    this.#states.delete(name);
  }
}
