/**
 * The queue manager's features, in one list: each lifecycle call goes to every feature that
 * answers it (core/features/feature.ts), in the order listed. Publish/subscribe is also reached
 * by name, since the facade's publish, topic status and JMS connections use its broker, and
 * channels, since START CHANNEL and a partner's connection reach their agents.
 */
import type { Feature, FeatureParts } from "../features/feature.js";
import { pubsubFeature, type PubsubFeature } from "../features/pubsub/feature.js";
import { depthEventsFeature } from "../features/events/feature.js";
import { triggeringFeature } from "../features/triggers/feature.js";
import { channelsFeature, type ChannelsFeature } from "../features/channels/feature.js";

type Hook = Exclude<keyof Feature, "name">;
type HookArguments<K extends Hook> = Parameters<NonNullable<Feature[K]>>;

export class FeatureSet {
  readonly pubsub: PubsubFeature;
  readonly channels: ChannelsFeature;
  readonly all: readonly Feature[];

  constructor(parts: FeatureParts) {
    this.pubsub = pubsubFeature(parts);
    this.channels = channelsFeature(parts);
    this.all = [this.pubsub, depthEventsFeature(parts), triggeringFeature(parts), this.channels];
  }

  /**
   * Calls `hook` on every feature that has it. Answers what they are loading or doing, together,
   * or undefined when none answered a promise, so that a synchronous path stays synchronous.
   */
  call<K extends Hook>(hook: K, ...args: HookArguments<K>): Promise<unknown> | undefined {
    let pending: unknown[] | undefined;
    for (const feature of this.all) {
      const answer = (feature[hook] as ((...a: HookArguments<K>) => unknown) | undefined)?.(...args);
      if (answer instanceof Promise) (pending ??= []).push(answer);
    }
    return pending && Promise.all(pending);
  }
}
