/**
 * --local: a queue manager in this process's memory, with the objects a new queue manager
 * gets. It lives as long as the command, for trying MQSC without a server; with --data FILE
 * it is kept in that SQLite file (adapters/http/node-store.ts) and is there at the next command.
 */
import { QueueManager, type Message, type MessageSummary } from "../core/index.js";
import { openFileStore } from "../adapters/http/node-store.js";
import { hex, type CommandOutcome, type ShownMessage, type Target } from "./target.js";

export async function openLocalTarget(name: string, dataFile?: string): Promise<Target> {
  const qm = await QueueManager.open(dataFile === undefined ? { name } : { name, store: openFileStore(dataFile) });
  return {
    description: dataFile === undefined ? `queue manager ${qm.name} in this process's memory` : `queue manager ${qm.name} in ${dataFile}`,
    async mqsc(command: string): Promise<CommandOutcome> {
      const result = await qm.mqsc(command);
      const outcomes = result.commands;
      return {
        completionCode: Math.max(0, ...outcomes.map((c) => c.completionCode)),
        reasonCode: outcomes.find((c) => c.reasonCode !== 0)?.reasonCode ?? 0,
        lines: outcomes.flatMap((c) => c.text),
      };
    },
    async put(queue, text) {
      await qm.put(queue, { body: text });
    },
    async get(queue, waitMs) {
      const message = await qm.get(queue, { wait: waitMs });
      return message === null ? null : show(message);
    },
    async *browse(queue) {
      for await (const message of qm.browse(queue)) yield show(message);
    },
    close: () => qm.close(),
  };
}

function show(message: Message | (MessageSummary & { body?: unknown })): ShownMessage {
  const body = message.body;
  const text = typeof body === "string" ? body : body instanceof Uint8Array ? hex(body) : JSON.stringify(body);
  return { messageId: message.messageId, text };
}
