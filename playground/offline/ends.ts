/**
 * The two ends of the "Offline and back" tutorial's channel, as MQSC a user would type: on the
 * page's queue manager a transmission queue named after the server's queue manager, a remote
 * queue ORDERS that points at the server's SHOP.ORDERS through it, and the sending channel; on
 * the server's queue manager the receiving channel of the same name and SHOP.ORDERS.
 * SHORTTMR(1): after a dropped connection the channel tries again a second later, not a minute.
 */
import type { QueueManager } from "../../core/index.js";
import type { PlaygroundConnection } from "../connection/connection.js";

/** Where the orders arrive on the server. */
export const SERVER_QUEUE = "SHOP.ORDERS";
/** The page's name for it: a remote queue definition, so the app never names the server. */
export const PAGE_QUEUE = "ORDERS";

export interface ChannelEnds {
  /** The server's queue manager, e.g. QM1. */
  server: string;
  channel: string;
  /** The server's channel endpoint as a CONNAME: this page's own origin when the worker serves the page. */
  connectionName: string;
}

export function pageMqsc({ server, channel, connectionName }: ChannelEnds): string {
  return `DEFINE QLOCAL(${server}) USAGE(XMITQ)
DEFINE QREMOTE(${PAGE_QUEUE}) RNAME(${SERVER_QUEUE}) RQMNAME(${server}) XMITQ(${server})
DEFINE CHANNEL(${channel}) CHLTYPE(SDR) CONNAME('${connectionName}') XMITQ(${server}) SHORTTMR(1)
START CHANNEL(${channel})`;
}

export function serverMqsc({ channel }: ChannelEnds): string {
  return `DEFINE CHANNEL(${channel}) CHLTYPE(RCVR)
DEFINE QLOCAL(${SERVER_QUEUE})`;
}

/**
 * Runs each end's MQSC. An object already there from an earlier visit is kept as it is (what
 * it holds, and the channel's sequence numbers, which both ends must agree on); any other
 * failure throws with runmqsc's words.
 */
export async function defineEnds(page: QueueManager, server: PlaygroundConnection, ends: ChannelEnds): Promise<void> {
  const answer = await server.runMqsc(serverMqsc(ends));
  for (const command of answer.commands)
    if (command.completionCode !== 0 && !alreadyThere(command.text.join(" "))) throw new Error(`On ${ends.server}: ${command.text.join(" ")}`);
  const fresh = page.object("channel", ends.channel) === undefined;
  const result = await page.mqsc(pageMqsc(ends).replace(/\nSTART CHANNEL.*$/, ""));
  for (const command of result.commands)
    if (command.completionCode !== 0 && !alreadyThere(command.text.join(" "))) throw new Error(`On ${page.name}: ${command.text.join(" ")}`);
  // A channel new on this page starts counting from 0; the server's end may remember an earlier page's batches.
  if (fresh) await page.mqsc(`RESET CHANNEL(${ends.channel})`);
  page.startChannel(ends.channel);
}

function alreadyThere(text: string): boolean {
  return /already exists|AMQ8150/i.test(text);
}
