/**
 * The units-of-work and JMS cases, the same in every runtime: n persistent 1 KiB messages
 * put and got, plainly (the baseline of the same run) or through a JMS session.
 *
 *   plain     qm.put then qm.get, n times (each its own store commit)
 *   tx-K      a transacted session: send K, commit, receive K, commit (2 commits per K messages)
 *   auto, client, dups-ok, none
 *             a producer's send then a consumer's receive in that acknowledgement mode
 *             (client acknowledges each message)
 */
import type { QueueManager } from "../core/index.js";
import { BODY_1KIB } from "./stats.js";
import type { CaseSet } from "./case-rows.js";

export const JMS_CASES = ["plain", "tx-1", "tx-10", "tx-100", "auto", "client", "dups-ok", "none"] as const;
export type JmsCase = (typeof JMS_CASES)[number];

const QUEUE = "DEV.QUEUE.1";

/** Runs one case; returns how many messages went through (n when all did). */
export async function runJmsCase(qm: QueueManager, kind: JmsCase, n: number): Promise<number> {
  let through = 0;
  if (kind === "plain") {
    for (let i = 0; i < n; i++) {
      await qm.put(QUEUE, { body: BODY_1KIB, persistent: true });
      if (await qm.get(QUEUE)) through++;
    }
    return through;
  }
  const connection = await qm.createConnection();
  try {
    if (kind.startsWith("tx-")) {
      const every = Number(kind.slice(3));
      const session = await connection.createSession({ transacted: true });
      const producer = session.createProducer(session.createQueue(QUEUE));
      const consumer = session.createConsumer(session.createQueue(QUEUE));
      for (let done = 0; done < n; done += every) {
        for (let i = 0; i < every; i++) await producer.send({ body: BODY_1KIB, persistent: true });
        await session.commit();
        for (let i = 0; i < every; i++) if (await consumer.receiveNoWait()) through++;
        await session.commit();
      }
      return through;
    }
    const session = await connection.createSession({ acknowledgeMode: kind as "auto" | "client" | "dups-ok" | "none" });
    const producer = session.createProducer(session.createQueue(QUEUE));
    const consumer = session.createConsumer(session.createQueue(QUEUE));
    for (let i = 0; i < n; i++) {
      await producer.send({ body: BODY_1KIB, persistent: true });
      const message = await consumer.receiveNoWait();
      if (!message) continue;
      if (kind === "client") await message.acknowledge();
      through++;
    }
    await session.close();
    return through;
  } finally {
    await connection.close();
  }
}

/**
 * The JMS cases as rows; `batchTarget`: what a transaction of 100 must reach against plain
 * put+get where a commit is dear (IndexedDB: about one store batch, not 100). SQLite in a
 * Durable Object coalesces writes already, so there it is for information.
 */
export function jmsSet(batchTarget?: number): CaseSet<JmsCase> {
  return {
    cases: JMS_CASES,
    describe: (kind) =>
      kind.startsWith("tx-")
        ? `persistent, transacted session, commit every ${kind.slice(3)}`
        : `persistent, ${kind.toUpperCase().replace("-", "_")} acknowledgement`,
    target: (kind) => (kind === "tx-100" ? batchTarget : undefined),
  };
}
