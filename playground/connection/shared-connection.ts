/**
 * The page's connection to PLAYGROUND, the origin's one queue manager on IndexedDB, shared by
 * every tab of the playground: whichever tab runs it, this one calls it through the shared
 * path (adapters/browser/shared), so what one tab defines or puts every tab sees.
 */
import type { SharedQueueManager } from "../../adapters/browser/index.js";
import type { ConsoleResult, PlaygroundConnection, PutRequest, QueueDepth, ShownMessage } from "./connection.js";
import { descriptor } from "./local-connection.js";
import type { Message } from "../../core/index.js";

export class SharedConnection implements PlaygroundConnection {
  readonly label: string;
  readonly queueManagerName: string;

  /** `opening` may still be opening: what is asked meanwhile waits for it. */
  constructor(
    readonly opening: Promise<SharedQueueManager>,
    name: string,
  ) {
    this.queueManagerName = name;
    this.label = `${name} (this browser, IndexedDB, shared by its tabs)`;
  }

  async runMqsc(script: string): Promise<ConsoleResult> {
    return (await this.opening).mqsc(script);
  }

  async listQueues(): Promise<QueueDepth[]> {
    const qm = await this.opening;
    const definitions = await qm.objects(["localQueue"]);
    const depths = await Promise.all(definitions.map(async (definition) => (await qm.queueStatus(definition.name)).depth));
    return definitions
      .map((definition, i) => ({ name: definition.name, depth: depths[i]!, maxDepth: typeof definition.attributes.maxDepth === "number" ? definition.attributes.maxDepth : undefined }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async put(queue: string, message: PutRequest): Promise<{ messageId: string }> {
    const { messageId } = await (await this.opening).put(queue, { body: message.body, priority: message.priority, persistent: message.persistent, properties: message.properties });
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
      await cursor.close().catch(() => undefined);
    }
  }

  async get(queue: string): Promise<ShownMessage | null> {
    const message = await (await this.opening).get(queue);
    return message === null ? null : show(message);
  }
}

function show(message: Message): ShownMessage {
  const body = message.body;
  return { ...descriptor(message), body: typeof body === "string" ? body : body instanceof Uint8Array ? `(${body.length} bytes)` : JSON.stringify(body) };
}
