/**
 * How a browser's queue manager reaches its channels' partners: a WebSocket to the server's
 * channel endpoint (adapters/http/channels), with the global WebSocket. The connector is
 * loaded on the first connect, not with the queue manager: a page that runs no channel
 * fetches none of the channel code, as core loads its features on first use.
 */
import type { ChannelConnector, ChannelNetwork } from "../../../core/features/channels/transport.js";
import type { ChannelCredentials } from "../../http/channels/credentials.js";

/** The connector, with the network the owner's keeper (keeper.ts) plugs in: core's retries wait while it is offline. */
export interface BrowserChannelConnector extends ChannelConnector {
  network: ChannelNetwork | undefined;
}

/**
 * A connector for `credentials` (read at each connect, so an owner may be handed more of them
 * by the pages it serves). A page served over https dials `host(port)` with wss, as the
 * browser refuses a plain ws from a secure page; a URL CONNAME says its own scheme.
 */
export function browserChannelConnector(credentials: ChannelCredentials): BrowserChannelConnector {
  let loaded: Promise<ChannelConnector> | undefined;
  const load = () =>
    (loaded ??= import("../../http/channels/connector.js").then(({ webSocketChannelConnector }) =>
      webSocketChannelConnector({
        WebSocket: globalThis.WebSocket,
        credentials,
        scheme: globalThis.location?.protocol === "https:" ? "wss" : "ws",
      }),
    ));
  return {
    network: undefined,
    async connect(channel, connectionName, from) {
      const connector = await load().catch((error: unknown) => {
        loaded = undefined; // offline when first asked: fetched again at the next start
        throw error;
      });
      return connector.connect(channel, connectionName, from);
    },
  };
}
