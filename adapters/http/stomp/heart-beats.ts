/**
 * STOMP heart-beats (1.1 and 1.2): CONNECT's `heart-beat: cx,cy` against what the server
 * offers gives how often each side sends. The server sends an EOL when it has sent nothing
 * for its interval, and drops a client it has heard nothing from for twice the client's
 * (the spec leaves the margin to the server; RabbitMQ and ActiveMQ allow about two).
 */

export interface NegotiatedHeartBeat {
  /** How often the server sends, in ms; 0 for never. */
  send: number;
  /** How often the client sends, in ms; 0 for never. */
  receive: number;
}

/** The CONNECTED frame's `heart-beat` for a CONNECT's `heart-beat` header (absent: none, as in 1.0). */
export function negotiateHeartBeat(clientHeader: string | undefined, server: { send: number; receive: number }): NegotiatedHeartBeat {
  const [cx, cy] = (clientHeader ?? "0,0").split(",").map((part) => Number(part.trim()));
  const clientSends = Number.isSafeInteger(cx) && cx! > 0 ? cx! : 0;
  const clientWants = Number.isSafeInteger(cy) && cy! > 0 ? cy! : 0;
  return {
    send: clientWants > 0 && server.send > 0 ? Math.max(server.send, clientWants) : 0,
    receive: clientSends > 0 && server.receive > 0 ? Math.max(server.receive, clientSends) : 0,
  };
}

/** How many receive intervals of silence drop a client (here and at the edge, adapters/edge/stomp-sockets.ts). */
export const SILENT_INTERVALS = 2;

export class HeartBeats {
  #lastSent = Date.now();
  #lastReceived = Date.now();
  readonly #timers: ReturnType<typeof setInterval>[] = [];

  constructor(
    negotiated: NegotiatedHeartBeat,
    private readonly on: { beat(): void; silent(): void },
  ) {
    if (negotiated.send > 0) {
      this.#timers.push(
        setInterval(() => {
          if (Date.now() - this.#lastSent >= negotiated.send * 0.9) {
            this.#lastSent = Date.now();
            this.on.beat();
          }
        }, negotiated.send / 2),
      );
    }
    if (negotiated.receive > 0) {
      const limit = negotiated.receive * SILENT_INTERVALS;
      this.#timers.push(
        setInterval(
          () => {
            if (Date.now() - this.#lastReceived > limit) {
              this.stop();
              this.on.silent();
            }
          },
          Math.max(10, negotiated.receive / 2),
        ),
      );
    }
  }

  sent(): void {
    this.#lastSent = Date.now();
  }

  received(): void {
    this.#lastReceived = Date.now();
  }

  stop(): void {
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
  }
}

/**
 * Heart-beats where the platform answers each of the client's with one (heartBeatEchoed): the
 * server asks the client to beat every max(cx, its receive) ms and promises the same back, since
 * each answer follows a beat of the client's. A client that does not beat (cx 0) gets none
 * either: without timers the server has nothing to send them by. Nothing here drops a silent
 * client: the edge does, from the runtime's echo times, on its object's alarm (adapters/edge/stomp-sockets.ts).
 */
export function negotiateEchoedHeartBeat(clientHeader: string | undefined, server: { send: number; receive: number }): NegotiatedHeartBeat {
  const [cx] = (clientHeader ?? "0,0").split(",").map((part) => Number(part.trim()));
  const clientSends = Number.isSafeInteger(cx) && cx! > 0 ? cx! : 0;
  if (clientSends === 0 || server.receive === 0) return { send: 0, receive: 0 };
  const every = Math.max(server.receive, clientSends);
  return { send: every, receive: every };
}
