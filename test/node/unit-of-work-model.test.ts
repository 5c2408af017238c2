/**
 * A model test: random sequences of puts, transacted sends and receives, commits, rollbacks,
 * session closes, clean reopens and crashes (the manager abandoned and reopened on the same
 * storage) run against the queue
 * manager and against a plain reference model; every receive and the final contents agree.
 */
import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager, type Session } from "../../core/index.js";

const Q = "DEV.QUEUE.1";

type Op =
  | { kind: "put"; persistent: boolean }
  | { kind: "send"; persistent: boolean }
  | { kind: "receive" }
  | { kind: "commit" }
  | { kind: "rollback" }
  | { kind: "close" }
  | { kind: "reopen" }
  | { kind: "crash" };

interface ModelMessage {
  body: string;
  seq: number;
  persistent: boolean;
  backoutCount: number;
  state: "available" | "held" | "staged";
}

/** The reference: messages in put order; a get takes the first available one. */
class Model {
  messages: ModelMessage[] = [];
  receive(): ModelMessage | null {
    const next = this.messages.find((m) => m.state === "available");
    if (next) next.state = "held";
    return next ?? null;
  }
  commit(): void {
    this.messages = this.messages.filter((m) => m.state !== "held");
    for (const m of this.messages) if (m.state === "staged") m.state = "available";
  }
  rollback(): void {
    this.messages = this.messages.filter((m) => m.state !== "staged");
    for (const m of this.messages) {
      if (m.state === "held") {
        m.state = "available";
        m.backoutCount++;
      }
    }
  }
  /** What a restart keeps: committed persistent messages, with their stored backout counts. */
  crash(): void {
    this.messages = this.messages.filter((m) => m.persistent && m.state !== "staged");
    for (const m of this.messages) m.state = "available";
  }
}

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.boolean().map((persistent) => ({ kind: "put" as const, persistent })) },
  { weight: 3, arbitrary: fc.boolean().map((persistent) => ({ kind: "send" as const, persistent })) },
  { weight: 5, arbitrary: fc.constant({ kind: "receive" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "commit" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "rollback" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "close" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "reopen" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "crash" as const }) },
);

describe("units of work against a reference model (fast-check)", () => {
  it("agrees with the model on every receive and on what is left", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), async (ops) => {
        const storage = new MemoryStorage();
        const open = () => QueueManager.open({ name: "QM1", store: new MemoryStore(storage) });
        let qm = await open();
        const sessionOf = async (manager: QueueManager): Promise<Session> => (await manager.createConnection()).createSession({ transacted: true });
        let session = await sessionOf(qm);
        let producer = session.createProducer(session.createQueue(Q));
        let consumer = session.createConsumer(session.createQueue(Q));
        const model = new Model();
        let counter = 0;
        for (const step of ops) {
          switch (step.kind) {
            case "put":
            case "send": {
              const body = `b${counter}`;
              model.messages.push({ body, seq: counter++, persistent: step.persistent, backoutCount: 0, state: step.kind === "put" ? "available" : "staged" });
              if (step.kind === "put") await qm.put(Q, { body, persistent: step.persistent });
              else await producer.send({ body, persistent: step.persistent });
              break;
            }
            case "receive": {
              const expected = model.receive();
              const got = await consumer.receiveNoWait();
              expect(got === null ? null : [got.body, got.backoutCount]).toEqual(expected === null ? null : [expected.body, expected.backoutCount]);
              break;
            }
            case "commit":
              model.commit();
              await session.commit();
              break;
            case "rollback":
              model.rollback();
              await session.rollback();
              break;
            case "close":
              // Closing a transacted session rolls its transaction back; a new session takes over.
              model.rollback();
              await session.close();
              session = await sessionOf(qm);
              producer = session.createProducer(session.createQueue(Q));
              consumer = session.createConsumer(session.createQueue(Q));
              break;
            case "reopen":
            case "crash":
              if (step.kind === "reopen") {
                // A clean close rolls back what is uncommitted (backout counts stored), then a restart.
                model.rollback();
                await qm.close();
              }
              model.crash();
              qm = await open(); // after a crash the old manager is abandoned, its transaction unresolved
              session = await sessionOf(qm);
              producer = session.createProducer(session.createQueue(Q));
              consumer = session.createConsumer(session.createQueue(Q));
              break;
          }
        }
        model.rollback();
        await session.rollback();
        const left: [unknown, number][] = [];
        for (let m = await qm.get(Q); m; m = await qm.get(Q)) left.push([m.body, m.backoutCount]);
        expect(left).toEqual(model.messages.map((m) => [m.body, m.backoutCount]));
        await qm.close();
      }),
      fuzzOptions(300),
    );
  });
});
