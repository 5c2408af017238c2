/** The page's connection to the queue manager in this tab (IndexedDB): calls on it directly. */
import type { Message, MessageSummary, Property, QueueManager } from "../../core/index.js";
import type { ConsoleResult, PlaygroundConnection, PropertyValue, PutRequest, QueueDepth, ShownMessage } from "./connection.js";

export class LocalConnection implements PlaygroundConnection {
  readonly label: string;
  readonly queueManagerName: string;

  /** `opening` may still be opening: what is asked meanwhile waits for it. */
  constructor(
    readonly opening: Promise<QueueManager>,
    name: string,
  ) {
    this.queueManagerName = name;
    this.label = `${name} (this tab, IndexedDB)`;
  }

  async runMqsc(script: string): Promise<ConsoleResult> {
    return (await this.opening).mqsc(script);
  }

  async listQueues(): Promise<QueueDepth[]> {
    const qm = await this.opening;
    return qm
      .objects(["localQueue"])
      .map((definition) => ({ name: definition.name, depth: qm.queueStatus(definition.name).depth, maxDepth: numberOrUndefined(definition.attributes.maxDepth) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async put(queue: string, message: PutRequest): Promise<{ messageId: string }> {
    const qm = await this.opening;
    const { messageId } = await qm.put(queue, { body: message.body, priority: message.priority, persistent: message.persistent, properties: message.properties });
    return { messageId };
  }

  async browse(queue: string, limit: number): Promise<ShownMessage[]> {
    const cursor = (await this.opening).browse(queue);
    try {
      const shown: ShownMessage[] = [];
      while (shown.length < limit) {
        const message = await cursor.next();
        if (message === null) break;
        shown.push(show(message));
      }
      return shown;
    } finally {
      cursor.close();
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

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}
