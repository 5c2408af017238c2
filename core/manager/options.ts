/** The options a queue manager is opened with, and what a get, browse or consumer selects: checked, with MQ reasons. */
import { MQError } from "../base/errors.js";
import { loadSelectorIndexes, type MessageFilter, type QueueManagerOptions, type SelectionOptions } from "../kernel/index.js";
import { normalizeId } from "../message/message.js";
import type { Selector } from "../selector/index.js";
import { compileLoaded, loadSelectorCompiler as loadCompiler, selectorCompilerNeeded } from "../selector/on-demand.js";

const DEFAULT_BODY_CACHE_BYTES = 32 * 1024 * 1024;
const DEFAULT_MESSAGE_MEMORY_BYTES = 32 * 1024 * 1024;
/** 2,000 descriptors of a few hundred bytes per lane: a deep queue costs a few MB, not its depth. */
const DEFAULT_LANE_MEMORY = 2000;

export interface MemoryLimits {
  bodyCacheBytes: number;
  laneMemory: number;
  messageMemoryBytes: number;
}

export function memoryLimits(options: QueueManagerOptions): MemoryLimits {
  const laneMemory = options.messagesInMemoryPerLane ?? DEFAULT_LANE_MEMORY;
  if (!Number.isInteger(laneMemory) || laneMemory < 2)
    throw new MQError("MQRC_OPTIONS_ERROR", `messagesInMemoryPerLane must be a whole number of at least 2; got ${JSON.stringify(laneMemory)}`);
  const messageMemoryBytes = options.messageMemoryBytes ?? DEFAULT_MESSAGE_MEMORY_BYTES;
  if (!Number.isSafeInteger(messageMemoryBytes) || messageMemoryBytes < 1)
    throw new MQError("MQRC_OPTIONS_ERROR", `messageMemoryBytes must be a whole number of bytes, 1 or more; got ${JSON.stringify(messageMemoryBytes)}`);
  return { bodyCacheBytes: options.bodyCacheBytes ?? DEFAULT_BODY_CACHE_BYTES, laneMemory, messageMemoryBytes };
}

/** Selectors compiled from text, most recently used last. */
const compiledSelectors = new Map<string, Selector>();
/** Enough for the selectors an application keeps using; each is a small closure tree. */
const COMPILED_SELECTORS = 64;

/**
 * A get with a selector as text gets the Selector compiled before from the same text: a
 * paged lane remembers per compiled selector how far it has read and found nothing (see
 * Lane.selectorWatermark), so repeated gets with the same text read on from there instead
 * of from where memory ends. A compiled selector holds no state of its own, so sharing one
 * (across queues and queue managers too) changes nothing else. A bad selector throws and
 * is not kept.
 */
function compileSelector(text: string): Selector {
  const cached = compiledSelectors.get(text);
  if (cached !== undefined) {
    compiledSelectors.delete(text);
    compiledSelectors.set(text, cached);
    return cached;
  }
  const selector = compileLoaded(text);
  compiledSelectors.set(text, selector);
  if (compiledSelectors.size > COMPILED_SELECTORS) compiledSelectors.delete(compiledSelectors.keys().next().value!);
  return selector;
}

/**
 * Whether a selection needs the selector compiler loaded first (`loadSelectorCompiler`): a
 * selector as text, the first time any is used. Then normalizeFilter compiles it at once.
 */
export function selectionNeedsCompiler(options: SelectionOptions): boolean {
  return selectorCompilerNeeded(options.selector);
}

/** The compiler, and the put-time selector indexes that gets with a selector use from then on (kernel/selector-index.ts). */
export const loadSelectorCompiler = () => Promise.all([loadCompiler(), loadSelectorIndexes()]);

/** The filter a selection asks for; a selector as text needs the compiler loaded (selectionNeedsCompiler). */
export function normalizeFilter(options: SelectionOptions): MessageFilter | undefined {
  const selector =
    options.selector === undefined || options.selector === ""
      ? undefined
      : typeof options.selector === "string"
        ? compileSelector(options.selector)
        : options.selector;
  if (options.messageId === undefined && options.correlationId === undefined && selector === undefined) return undefined;
  const filter: MessageFilter = {};
  if (options.messageId !== undefined) filter.messageId = normalizeId(options.messageId, "message");
  if (options.correlationId !== undefined) filter.correlationId = normalizeId(options.correlationId, "correlation");
  if (selector !== undefined) filter.selector = selector;
  return filter;
}

export function checkWait(wait: unknown): number {
  if (wait === undefined) return 0;
  if (wait === Infinity) return Infinity;
  if (typeof wait !== "number" || !Number.isInteger(wait) || wait < 0) {
    throw new MQError("MQRC_WAIT_INTERVAL_ERROR", `a wait interval is a whole number of milliseconds (or Infinity); got ${JSON.stringify(wait)}`);
  }
  return wait;
}
