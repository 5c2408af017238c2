/**
 * The reliable-delivery tutorial: what persistence, acknowledgement and transactions each
 * protect against, run for real on a queue manager in this tab. It has one of its own
 * (`open`), so that it can stop and start it without stopping the queue manager the rest of
 * the page and the other tabs use. Each step shows the code it runs beside its buttons and
 * what the queue manager then holds. The acknowledgement modes and the durable subscription
 * steps are in reliable-modes.ts.
 */
import type { QueueManager, Session } from "../core/index.js";
import type { TutorialDefinition } from "./tutorial-shell.js";
import { acknowledgeModeActions, durableSubscriptionActions } from "./reliable-modes.js";

export const RELIABLE_QUEUE = "RELIABLE.ORDERS";

export interface ReliableTutorial {
  readonly definition: TutorialDefinition;
  /** The queue manager as it runs now (a new one after each restart). */
  queueManager(): QueueManager;
  /** Resolves once the step clicked last has finished. */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

const SNIPPETS = {
  persistence: `await qm.put("${RELIABLE_QUEUE}", { body: "kept", persistent: true });
await qm.put("${RELIABLE_QUEUE}", { body: "lost", persistent: false });`,
  restart: `await qm.close();
qm = await openLocalBrowserQueueManager({ name: "RELIABLE" });
qm.browse("${RELIABLE_QUEUE}"); // what is still there`,
  crash: `const session = await connection.createSession({ acknowledgeMode: "client" });
const message = await session.createConsumer(session.createQueue("${RELIABLE_QUEUE}")).receive(1000);
await session.close(); // crashes: no message.acknowledge()`,
  redeliver: `const session = await connection.createSession({ acknowledgeMode: "client" });
const message = await session.createConsumer(session.createQueue("${RELIABLE_QUEUE}")).receive(1000);
message.deliveryCount; // 2: delivered once before
await message.acknowledge();`,
  commit: `const session = await connection.createSession({ transacted: true });
await session.send("${RELIABLE_QUEUE}", { body: "paid", persistent: true });
await session.send("${RELIABLE_QUEUE}", { body: "shipped", persistent: true });
await session.commit();`,
  rollback: `const session = await connection.createSession({ transacted: true });
await session.send("${RELIABLE_QUEUE}", { body: "half done", persistent: true });
await session.rollback();`,
};

export async function mountReliableTutorial(open: () => Promise<QueueManager>, onChange: () => void = () => undefined): Promise<ReliableTutorial> {
  let qm = await open();
  await qm.mqsc(`DEFINE QLOCAL(${RELIABLE_QUEUE}) REPLACE`);
  let work: Promise<void> = Promise.resolve();

  /** A step's panel: its buttons, the code each runs, and what happened. */
  function panel(name: string, actions: { label: string; snippet: string; run: () => Promise<string> }[]): HTMLElement {
    const element = document.createElement("div");
    element.className = `reliable-step reliable-${name}`;
    const output = document.createElement("output");
    output.className = "reliable-result";
    output.setAttribute("aria-live", "polite");
    for (const action of actions) {
      const row = document.createElement("div");
      row.className = "reliable-action";
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      const code = document.createElement("pre");
      code.setAttribute("aria-label", `The code "${action.label}" runs`);
      code.tabIndex = 0;
      code.textContent = action.snippet;
      button.addEventListener("click", () => {
        work = work.then(async () => {
          try {
            output.className = "reliable-result";
            output.textContent = await action.run();
          } catch (error) {
            output.className = "reliable-result error";
            output.textContent = error instanceof Error ? error.message : String(error);
          }
          onChange();
        });
      });
      row.appendChild(button);
      row.appendChild(code);
      element.appendChild(row);
    }
    element.appendChild(output);
    return element;
  }

  async function held(): Promise<string> {
    const messages = [];
    const cursor = qm.browse(RELIABLE_QUEUE);
    try {
      for (let message = await cursor.next(); message !== null; message = await cursor.next()) messages.push(message);
    } finally {
      cursor.close();
    }
    if (messages.length === 0) return `${RELIABLE_QUEUE} is empty.`;
    return `${RELIABLE_QUEUE} holds ${messages.length}: ${messages.map((m) => `"${String(m.body)}" (${m.persistent ? "persistent" : "non-persistent"})`).join(", ")}.`;
  }

  async function clear(): Promise<void> {
    await qm.mqsc(`CLEAR QLOCAL(${RELIABLE_QUEUE})`);
  }

  const persistence = panel("persistence", [
    {
      label: "Put one of each",
      snippet: SNIPPETS.persistence,
      run: async () => {
        await clear();
        await qm.put(RELIABLE_QUEUE, { body: "kept", persistent: true });
        await qm.put(RELIABLE_QUEUE, { body: "lost", persistent: false });
        return `Before the restart: ${await held()}`;
      },
    },
    {
      label: "Restart the queue manager",
      snippet: SNIPPETS.restart,
      run: async () => {
        await qm.close();
        qm = await open();
        return `After the restart: ${await held()}`;
      },
    },
  ]);

  const acknowledge = panel("acknowledge", [
    {
      label: "Receive, then crash",
      snippet: SNIPPETS.crash,
      run: async () => {
        await clear();
        await qm.put(RELIABLE_QUEUE, { body: "order 7", persistent: true });
        const connection = await qm.createConnection();
        try {
          const session = await connection.createSession({ acknowledgeMode: "client" });
          const message = await session.createConsumer(session.createQueue(RELIABLE_QUEUE)).receive(1000);
          await session.close();
          return `Received "${String(message?.body)}" (delivery ${message?.deliveryCount}), then crashed before acknowledging. ${await held()}`;
        } finally {
          await connection.close();
        }
      },
    },
    {
      label: "Receive again and acknowledge",
      snippet: SNIPPETS.redeliver,
      run: async () => {
        const connection = await qm.createConnection();
        try {
          const session = await connection.createSession({ acknowledgeMode: "client" });
          const message = await session.createConsumer(session.createQueue(RELIABLE_QUEUE)).receive(1000);
          if (!message) return `Nothing to receive: ${await held()}`;
          await message.acknowledge();
          await session.close();
          return `Redelivered "${String(message.body)}": delivery count ${message.deliveryCount}, redelivered ${message.redelivered}; acknowledged. ${await held()}`;
        } finally {
          await connection.close();
        }
      },
    },
  ]);

  async function inTransaction(body: (session: Session) => Promise<void>): Promise<void> {
    const connection = await qm.createConnection();
    try {
      const session = await connection.createSession({ transacted: true });
      await body(session);
      await session.close();
    } finally {
      await connection.close();
    }
  }

  const transaction = panel("transaction", [
    {
      label: "Send two and commit",
      snippet: SNIPPETS.commit,
      run: async () => {
        await clear();
        await inTransaction(async (session) => {
          await session.send(RELIABLE_QUEUE, { body: "paid", persistent: true });
          await session.send(RELIABLE_QUEUE, { body: "shipped", persistent: true });
          await session.commit();
        });
        return `Committed: both are there together. ${await held()}`;
      },
    },
    {
      label: "Send one and roll back",
      snippet: SNIPPETS.rollback,
      run: async () => {
        await inTransaction(async (session) => {
          await session.send(RELIABLE_QUEUE, { body: "half done", persistent: true });
          await session.rollback();
        });
        return `Rolled back: "half done" never arrived. ${await held()}`;
      },
    },
  ]);

  const modes = panel(
    "modes",
    acknowledgeModeActions(() => qm, RELIABLE_QUEUE, held),
  );
  const durable = panel(
    "durable",
    durableSubscriptionActions(() => qm),
  );

  const definition: TutorialDefinition = {
    id: "reliable",
    title: "Reliable delivery",
    problem:
      "A message that matters must not vanish when a server restarts or an application crashes halfway. Persistence keeps it across a restart, acknowledgement gives it back when its consumer dies before finishing, a transaction makes several steps happen all together or not at all, and a durable subscription keeps what is published while its subscriber is away. These steps run on RELIABLE, a queue manager of their own in this tab, so that restarting it stops nothing else.",
    steps: [
      {
        title: "Persistent and non-persistent messages",
        text: "Put one persistent and one non-persistent message, then stop and start the queue manager: only the persistent one was written to storage.",
        panel: persistence,
      },
      {
        title: "A consumer that crashes before acknowledging",
        text: "With client acknowledgement a message stays the queue manager's until the consumer acknowledges it. Close the consumer's session without acknowledging, as a crash would, and the message is delivered again, its delivery count now 2.",
        panel: acknowledge,
      },
      {
        title: "A transaction, committed and rolled back",
        text: "What a transacted session sends is held back until it commits; a rollback throws it away, so no other application ever sees half of the work.",
        panel: transaction,
      },
      {
        title: "The four acknowledgement modes",
        text: "Each mode decides when a received message stops being the queue manager's. In each, a consumer receives two orders, acknowledges the first and crashes: see what each mode gives back.",
        panel: modes,
      },
      {
        title: "A durable subscription while its subscriber is away",
        text: "A plain subscriber gets only what is published while it is connected. A durable subscription is kept by the queue manager, so what is published while its subscriber is away waits for it.",
        panel: durable,
      },
    ],
  };

  return {
    definition,
    queueManager: () => qm,
    idle: () => work,
    dispose: async () => {
      await work;
      await qm.close();
    },
  };
}
