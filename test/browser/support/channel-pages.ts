/**
 * What the browser's channel tests share: unique names, the MQSC a user writes on each end,
 * the checks on what arrived (every message once, in order within each priority), and waits.
 */
import { expect } from "vitest";
import type { SharedQueueManager } from "../../../adapters/browser/index.js";
import { sleep } from "./shared-pages.js";

/** How many orders a test puts: the thousand (about 3 s in Chromium, puts and delivery). */
export const ORDERS = 1000;

const PRIORITIES = [0, 4, 9];

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
}

/** The page's end of a sender channel to `server`, as the issue writes it (with a channel name of the test's). */
export function pageSenderMqsc(server: string, channel: string, port: number, extra = "BATCHSZ(50)"): string {
  return `DEFINE QLOCAL(${server}) USAGE(XMITQ)
DEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(${server}) XMITQ(${server})
DEFINE CHANNEL(${channel}) CHLTYPE(SDR) CONNAME('127.0.0.1(${port})') XMITQ(${server}) ${extra}`;
}

export function serverReceiverMqsc(channel: string): string {
  return `DEFINE CHANNEL(${channel}) CHLTYPE(RCVR)
DEFINE QLOCAL(APP.ORDERS) MAXDEPTH(100000)`;
}

/** Puts `count` persistent orders to ORDERS, one at a time (so their order is known), over three priorities. */
export async function putOrders(qm: SharedQueueManager, count: number, from = 0): Promise<void> {
  for (let i = from; i < from + count; i++) await qm.put("ORDERS", { body: String(i), persistent: true, priority: PRIORITIES[i % 3] });
}

/** Every order 0..count-1 exactly once, and within each priority in the order put. */
export function expectOnceInOrder(got: { body: string; priority: number }[], count: number): void {
  const numbers = got.map((m) => Number(m.body));
  expect(new Set(numbers).size, "no order arrived twice").toBe(numbers.length);
  expect(numbers.length, "every order arrived").toBe(count);
  for (const priority of PRIORITIES) {
    const within = got.filter((m) => m.priority === priority).map((m) => Number(m.body));
    expect(within, `priority ${priority} in order`).toEqual([...within].sort((a, b) => a - b));
  }
}

/** The channel's STATUS as DISPLAY CHSTATUS shows it, or "INACTIVE". */
export async function channelStatus(qm: SharedQueueManager, channel: string): Promise<string> {
  const result = await qm.mqsc(`DISPLAY CHSTATUS(${channel})`);
  return /\bSTATUS\(([A-Z]+)\)/.exec(result.transcript)?.[1] ?? "INACTIVE";
}

export async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await sleep(100);
  }
}
