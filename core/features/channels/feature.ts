/**
 * Channels as a feature: the agents' code (install.ts) is loaded by the first START CHANNEL of
 * a sender that has a connector to its partner, or the first connection a partner makes to a
 * receiving channel; nothing of it runs at open (an in-doubt batch is resolved when its channel
 * starts, from the sync records the store keeps).
 */
import { LazyFeature } from "../../base/lazy-feature.js";
import type { Feature, FeatureParts } from "../feature.js";
import type { ChannelAgents } from "./agents.js";

export interface ChannelsFeature extends Feature {
  readonly agents: LazyFeature<ChannelAgents>;
}

export function channelsFeature(parts: FeatureParts): ChannelsFeature {
  const agents = new LazyFeature<ChannelAgents>("channels", () => import("./install.js").then(({ createChannelAgents }) => createChannelAgents(parts)));
  return {
    name: agents.what,
    agents,
    close: () => agents.loaded?.close(),
  };
}
