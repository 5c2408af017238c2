/**
 * Channel states set by START and STOP CHANNEL. Messages do not move between queue managers
 * yet (channels are on the roadmap), so a sending channel that is started goes to RETRYING,
 * which is what MQ shows for a sender that cannot reach its partner; a receiving channel
 * waits, inactive, for its partner. A channel with no state is inactive.
 */
import type { ChannelState } from "../kernel/index.js";
import type { ObjectCatalogue } from "../objects/registry.js";

const SENDING = new Set(["sender", "server", "requester", "clusterSender"]);

export class ChannelStates {
  readonly #states = new Map<string, ChannelState>();

  constructor(private readonly objects: ObjectCatalogue) {}

  start(name: string): ChannelState | undefined {
    const channel = this.objects.definitionOf("channel", name);
    const type = String(channel.attributes.channelType);
    // A server with no CONNAME cannot dial: started, it is inactive until its requester calls.
    const dials = type !== "server" || String(channel.attributes.connectionName ?? "").trim() !== "";
    if (SENDING.has(type) && dials) this.#states.set(name, "retrying");
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
