/** Queue depth events as a feature: loaded while the queue manager's PERFMEV is enabled. */
import { LazyFeature } from "../../base/lazy-feature.js";
import type { Feature, FeatureParts } from "../feature.js";
import type { DepthEvents } from "./depth-events.js";

export function depthEventsFeature(parts: FeatureParts): Feature {
  const depthEvents = new LazyFeature<DepthEvents>("queue depth events", () =>
    import("./install.js").then(({ createDepthEvents }) => createDepthEvents(parts)),
  );
  const queueManagerAltered = async () => {
    if (parts.attributes().performanceEvent === true) (await depthEvents.get()).update();
    else depthEvents.loaded?.update();
  };
  return {
    name: depthEvents.what,
    restored: queueManagerAltered,
    queueManagerAltered,
    prepareQueueManager: (attributes) => (attributes.performanceEvent === true && !depthEvents.loaded ? depthEvents.get() : undefined),
    queueFull: (queue, depth) => depthEvents.loaded?.queueFull(queue, depth),
  };
}
