/**
 * Two more steps of the reliable-delivery tutorial, run on its queue manager (RELIABLE): the
 * four acknowledgement modes side by side, each with a consumer that receives two orders,
 * acknowledges the first and crashes, and what the queue then gives back; and a durable
 * subscription that keeps what is published while its subscriber is away. Each action is a
 * button's: its code (shown beside it) and what it runs, answering what happened in words.
 */
import type { AcknowledgeMode, QueueManager } from "../core/index.js";

export interface ReliableAction {
  label: string;
  snippet: string;
  run(): Promise<string>;
}

const MODES: { mode: Exclude<AcknowledgeMode, "none">; says: string }[] = [
  { mode: "auto", says: "each message is acknowledged as it is received" },
  { mode: "client", says: "acknowledge() acknowledges every message the session has received so far" },
  { mode: "dups-ok", says: "the session acknowledges in batches, lazily: a crash may give back what was already handled" },
  { mode: "individual", says: "acknowledge() acknowledges that one message only" },
];

/** One button per acknowledgement mode, on `queue`; `held` says what the queue holds now. */
export function acknowledgeModeActions(qm: () => QueueManager, queue: string, held: () => Promise<string>): ReliableAction[] {
  return MODES.map(({ mode, says }) => ({
    label: `Crash in ${mode} mode`,
    snippet: `const session = await connection.createSession({ acknowledgeMode: "${mode}" });
const consumer = session.createConsumer(session.createQueue("${queue}"));
const first = await consumer.receive(1000);  // "first"
const second = await consumer.receive(1000); // "second"
await first.acknowledge();
await session.close(); // crashes before acknowledging "second"`,
    run: async () => {
      await qm().mqsc(`CLEAR QLOCAL(${queue})`);
      for (const body of ["first", "second"]) await qm().put(queue, { body, persistent: true });
      const connection = await qm().createConnection();
      try {
        const session = await connection.createSession({ acknowledgeMode: mode });
        const consumer = session.createConsumer(session.createQueue(queue));
        const first = await consumer.receive(1000);
        await consumer.receive(1000);
        await first?.acknowledge();
        await session.close();
      } finally {
        await connection.close();
      }
      return `${mode}: ${says}. After the crash: ${await held()}`;
    },
  }));
}

const TOPIC = "orders/new";
const SUBSCRIPTION = "new-orders";
const CLIENT = "RELIABLE.SHIPPING";

/** Subscribe and go away, publish while away, come back and receive: the durable subscription kept them. */
export function durableSubscriptionActions(qm: () => QueueManager): ReliableAction[] {
  let published = 0;
  return [
    {
      label: "Subscribe, then go away",
      snippet: `const connection = await qm.createConnection({ clientId: "${CLIENT}" });
const session = await connection.createSession();
await session.createDurableConsumer(session.createTopic("${TOPIC}"), "${SUBSCRIPTION}");
await connection.close(); // the subscriber is away`,
      run: async () => {
        const connection = await qm().createConnection({ clientId: CLIENT });
        try {
          const session = await connection.createSession();
          await session.createDurableConsumer(session.createTopic(TOPIC), SUBSCRIPTION);
        } finally {
          await connection.close();
        }
        return `Subscribed to ${TOPIC} as "${SUBSCRIPTION}", then went away: no one is connected now.`;
      },
    },
    {
      label: "Publish two orders while it is away",
      snippet: `await qm.publish("${TOPIC}", { body: "order A", persistent: true });
await qm.publish("${TOPIC}", { body: "order B", persistent: true });`,
      run: async () => {
        const counts = [];
        for (let i = 0; i < 2; i++) counts.push((await qm().publish(TOPIC, { body: `order ${++published}`, persistent: true })).subscriptions);
        return `Published order ${published - 1} and order ${published} on ${TOPIC}: kept for ${counts[0]} subscription${counts[0] === 1 ? "" : "s"}, with no subscriber connected.`;
      },
    },
    {
      label: "Come back and receive",
      snippet: `const connection = await qm.createConnection({ clientId: "${CLIENT}" });
const session = await connection.createSession();
const consumer = await session.createDurableConsumer(session.createTopic("${TOPIC}"), "${SUBSCRIPTION}");
for (let m = await consumer.receive(500); m; m = await consumer.receive(500)) got.push(m.body);`,
      run: async () => {
        const connection = await qm().createConnection({ clientId: CLIENT });
        const got: string[] = [];
        try {
          const session = await connection.createSession();
          const consumer = await session.createDurableConsumer(session.createTopic(TOPIC), SUBSCRIPTION);
          for (let m = await consumer.receive(500); m; m = await consumer.receive(500)) got.push(String(m.body));
        } finally {
          await connection.close();
        }
        return got.length === 0
          ? "Back, and nothing was waiting."
          : `Back: received ${got.join(", ")}, published while the subscriber was away. Nothing was missed.`;
      },
    },
  ];
}
