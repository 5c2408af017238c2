/** The two ends a channel benchmark runs between: in process (LinkedChannels), or over WebSocket with the receiver behind serveHttp on 127.0.0.1. */
import { QueueManager, createMemoryStore, type Store } from "../../core/index.js";
import { LinkedChannels } from "../../core/features/channels/index.js";
import { nodeChannelConnector, serveHttp } from "../../adapters/http/node-server.js";
import type { ChannelEnds } from "./moves.js";

const TOKEN = "bench-channel-token";

export async function inProcessEnds(): Promise<ChannelEnds> {
  const link = new LinkedChannels();
  const receiver = await QueueManager.open({ name: "RECEIVER", store: createMemoryStore() });
  link.register(receiver);
  const sender = await QueueManager.open({ name: "SENDER", store: createMemoryStore(), channelConnector: link });
  return {
    sender,
    receiver,
    connectionName: "RECEIVER",
    close: async () => {
      await sender.close();
      await receiver.close();
    },
  };
}

/** Ends over WebSocket, each queue manager on a store `store` makes (memory when it makes none). */
export function webSocketEnds(store: () => Store | undefined = () => createMemoryStore()): () => Promise<ChannelEnds> {
  return async () => {
    const receiverStore = store();
    const receiver = await QueueManager.open({ name: "RECEIVER", ...(receiverStore ? { store: receiverStore } : {}) });
    const server = await serveHttp({ queueManagers: [receiver], tokens: [`${TOKEN}:MQWebChannel:bench`] });
    const senderStore = store();
    const sender = await QueueManager.open({
      name: "SENDER",
      ...(senderStore ? { store: senderStore } : {}),
      channelConnector: nodeChannelConnector({ credentials: { BENCH: { token: TOKEN } } }),
    });
    return {
      sender,
      receiver,
      connectionName: `127.0.0.1(${server.port})`,
      close: async () => {
        await sender.close();
        await server.close();
        await receiver.close();
      },
    };
  };
}
