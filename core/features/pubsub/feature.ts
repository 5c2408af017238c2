/**
 * Publish/subscribe as a feature: its broker is loaded while any subscription exists (at open,
 * at DEFINE SUB) and at the first publish or JMS connection (the manager asks for `broker`).
 */
import { LazyFeature } from "../../base/lazy-feature.js";
import type { Feature, FeatureParts } from "../feature.js";
import type { Broker } from "./broker.js";

export interface PubsubFeature extends Feature {
  readonly broker: LazyFeature<Broker>;
}

export function pubsubFeature(parts: FeatureParts): PubsubFeature {
  const broker = new LazyFeature("publish/subscribe", () => import("./install.js").then(({ createBroker }) => createBroker(parts)));
  return {
    name: broker.what,
    broker,
    restored: async () => {
      if (parts.objects.ofKind("subscription")[Symbol.iterator]().next().done === false) await broker.get();
    },
    prepare: (definition) => (definition.type === "subscription" && !broker.loaded ? broker.get() : undefined),
  };
}
