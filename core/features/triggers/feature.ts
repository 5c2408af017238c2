/** Triggering as a feature: loaded once any local queue has TRIGGER on. */
import { LazyFeature } from "../../base/lazy-feature.js";
import type { Feature, FeatureParts } from "../feature.js";
import type { Triggering } from "./triggering.js";

export function triggeringFeature(parts: FeatureParts): Feature {
  const triggering = new LazyFeature<Triggering>("triggering", () => import("./install.js").then(({ createTriggering }) => createTriggering(parts)));
  let closed = false;
  return {
    name: triggering.what,
    restored: async () => {
      if (![...parts.kernel.queues.values()].some((queue) => queue.attributes.trigger === true)) return;
      const loaded = await triggering.get();
      if (!closed) loaded.refresh();
    },
    prepare: (definition) => (definition.type === "localQueue" && definition.attributes.trigger === true && !triggering.loaded ? triggering.get() : undefined),
    queueAltered: (name, before, after) => {
      const loaded = triggering.loaded;
      if (loaded) return void loaded.queueAltered(name, before, after);
      if (after.trigger !== true) return undefined;
      return triggering.get().then((late) => {
        if (!closed) late.queueAltered(name, before, after);
      });
    },
    queueDeleted: (name) => triggering.loaded?.queueDeleted(name),
    close: () => {
      closed = true;
      triggering.loaded?.close();
    },
  };
}
