/**
 * The page's connection to a queue manager in this browser (IndexedDB): PLAYGROUND, shared by
 * every tab of the playground (adapters/browser/shared: whichever tab runs it, the others call
 * it through the shared path, so what one tab defines or puts every tab sees), or a manager
 * this tab opened alone. One class for both: the shared manager answers every call with a
 * promise, the tab's own with a value or a promise, and each call here awaits what it gets.
 */
import type { SharedQueueManager } from "../../adapters/browser/index.js";
import type { Message, MessageSummary, Property, QueueManager } from "../../core/index.js";
import type { ConsoleResult, PlaygroundConnection, PropertyValue, PutRequest, QueueDepth, ShownMessage } from "./connection.js";

/** A queue manager in this browser: the shared one, or one this tab runs by itself. */
export type BrowserQueueManager = SharedQueueManager | QueueManager;

export class BrowserConnection implements PlaygroundConnection {
  readonly label: string;
  readonly queueManagerName: string;

  /** `opening` may still be opening: what is asked meanwhile waits for it. */
  constructor(
    readonly opening: Promise<BrowserQueueManager>,
    name: string,
    where = "this browser, IndexedDB, shared by its tabs",
  ) {
    this.queueManagerName = name;
    this.label = `${name} (${where})`;
  }

  async runMqsc(script: string): Promise<ConsoleResult> {
    return (await this.opening).mqsc(script);
  }

  async listQueues(): Promise<QueueDepth[]> {
    const qm = await this.opening;
    const definitions = await qm.objects(["localQueue"]);
    const depths = await Promise.all(definitions.map(async (definition) => (await qm.queueStatus(definition.name)).depth));
    return definitions
      .map((definition, i) => ({
        name: definition.name,
        depth: depths[i]!,
        maxDepth: typeof definition.attributes.maxDepth === "number" ? definition.attributes.maxDepth : undefined,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async put(queue: string, message: PutRequest): Promise<{ messageId: string }> {
    const { messageId } = await (
      await this.opening
    ).put(queue, { body: message.body, priority: message.priority, persistent: message.persistent, properties: message.properties });
    return { messageId };
  }

  async browse(queue: string, limit: number): Promise<ShownMessage[]> {
    const cursor = await (await this.opening).browse(queue);
    try {
      const shown: ShownMessage[] = [];
      while (shown.length < limit) {
        const message = await cursor.next();
        if (message === null) break;
        shown.push(show(message));
      }
      return shown;
    } finally {
      // The tab's own cursor closes at once, the shared one over the link; a failed close loses nothing.
      await Promise.resolve()
        .then(() => cursor.close())
        .catch(() => undefined);
    }
  }

  async get(queue: string): Promise<ShownMessage | null> {
    const message = await (await this.opening).get(queue);
    return message === null ? null : show(message);
  }
}

function show(message: Message): ShownMessage {
  return { ...descriptor(message), body: bodyText(message.body) };
}

export function descriptor(message: MessageSummary): Omit<ShownMessage, "body"> {
  return {
    messageId: message.messageId,
    correlationId: message.correlationId,
    priority: message.priority,
    persistent: message.persistent,
    putDateTime: new Date(message.putTime).toISOString(),
    properties: propertiesObject(message.properties),
  };
}

function propertiesObject(properties: readonly Property[]): Record<string, PropertyValue | null> {
  // A long beyond 2^53 is shown as its decimal digits.
  return Object.fromEntries(properties.map((property) => [property.name, typeof property.value === "bigint" ? property.value.toString() : property.value]));
}

function bodyText(body: Message["body"]): string {
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return `(${body.length} bytes)`;
  return JSON.stringify(body);
}
