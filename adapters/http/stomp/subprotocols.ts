/** The WebSocket subprotocols a STOMP endpoint accepts, most recent first (as @stomp/stompjs offers them). */
export const STOMP_SUBPROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"] as const;

/** The subprotocol chosen from those a client offers: the first of ours it offers; false for none of them. */
export function chooseSubprotocol(offered: Iterable<string>): string | false {
  const set = new Set(offered);
  return STOMP_SUBPROTOCOLS.find((protocol) => set.has(protocol)) ?? false;
}
