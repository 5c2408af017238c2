/**
 * A model test of selective gets: random puts (of three colours, ten priorities, some under a
 * unit of work), gets with a colour selector (some under a unit of work), commits and
 * rollbacks run against the queue manager and a plain reference; every get returns the
 * message the reference says. Selective gets resume each lane where the last one stopped
 * (Lane.memoryWatermark); this is what checks that a message made available behind that
 * point (a put committed late, a get rolled back) is still found. Run both with every
 * message in memory and with two per lane (the rest paged from the store).
 */
import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { describe, expect, it } from "vitest";
import { MemoryStorage, MemoryStore, QueueManager, type UnitOfWork } from "../../core/index.js";

const Q = "DEV.QUEUE.1";
const COLOURS = ["red", "green", "blue"] as const;
type Colour = (typeof COLOURS)[number];

type Op =
  | { kind: "put"; colour: Colour; priority: number; unit: number | undefined; persistent: boolean }
  | { kind: "get"; colour: Colour; unit: number | undefined }
  | { kind: "commit"; unit: number }
  | { kind: "rollback"; unit: number };

interface ModelMessage {
  body: string;
  colour: Colour;
  priority: number;
  seq: number;
  /** Put under this unit and not yet committed, or taken under it and not yet committed. */
  putBy?: number;
  takenBy?: number;
  gone: boolean;
}

const unit = fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("put" as const),
      colour: fc.constantFrom(...COLOURS),
      priority: fc.integer({ min: 0, max: 9 }),
      unit,
      persistent: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("get" as const), colour: fc.constantFrom(...COLOURS), unit }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("commit" as const), unit: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rollback" as const), unit: fc.integer({ min: 0, max: 2 }) }) },
);

/** The message a selective get takes: the first available of that colour, highest priority first, then in put order. */
function expected(model: ModelMessage[], colour: Colour): ModelMessage | undefined {
  return model
    .filter((m) => !m.gone && m.putBy === undefined && m.takenBy === undefined && m.colour === colour)
    .sort((a, b) => b.priority - a.priority || a.seq - b.seq)[0];
}

async function run(ops: Op[], messagesInMemoryPerLane: number | undefined): Promise<void> {
  const qm = await QueueManager.open({
    name: "QM.SELECT",
    store: new MemoryStore(new MemoryStorage()),
    ...(messagesInMemoryPerLane ? { messagesInMemoryPerLane } : {}),
  });
  const model: ModelMessage[] = [];
  const units = new Map<number, UnitOfWork>();
  const unitOf = (n: number | undefined) => {
    if (n === undefined) return undefined;
    let u = units.get(n);
    if (!u) units.set(n, (u = qm.beginUnitOfWork()));
    return u;
  };
  try {
    let seq = 0;
    for (const step of ops) {
      if (step.kind === "put") {
        const body = `m${seq}`;
        await qm.put(
          Q,
          { body, priority: step.priority, persistent: step.persistent, properties: { colour: step.colour } },
          step.unit === undefined ? {} : { unitOfWork: unitOf(step.unit) },
        );
        model.push({ body, colour: step.colour, priority: step.priority, seq: seq++, putBy: step.unit, gone: false });
      } else if (step.kind === "get") {
        const want = expected(model, step.colour);
        const got = await qm.get(Q, { selector: `colour = '${step.colour}'`, ...(step.unit === undefined ? {} : { unitOfWork: unitOf(step.unit) }) });
        expect(got?.body ?? null, `get colour = '${step.colour}'`).toBe(want?.body ?? null);
        if (want) {
          if (step.unit === undefined) want.gone = true;
          else want.takenBy = step.unit;
        }
      } else {
        const u = units.get(step.unit);
        if (!u) continue;
        units.delete(step.unit);
        if (step.kind === "commit") await u.commit();
        else await u.rollback();
        for (const m of model) {
          if (m.putBy === step.unit) {
            if (step.kind === "commit") m.putBy = undefined;
            else m.gone = true;
          }
          if (m.takenBy === step.unit) {
            if (step.kind === "commit") m.gone = true;
            m.takenBy = undefined;
          }
        }
      }
    }
  } finally {
    await qm.close();
  }
}

describe("selective gets against a reference model", () => {
  it.each([
    { where: "every message in memory", perLane: undefined },
    { where: "two messages per lane in memory, the rest paged", perLane: 2 },
  ])("each get takes the message the model says ($where)", async ({ perLane }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => run(ops, perLane)),
      fuzzOptions(150),
    );
  });

  it("finds a message committed behind where the last selective get stopped, and one a rollback put back", async () => {
    await run(
      [
        { kind: "put", colour: "red", priority: 0, unit: 0, persistent: false },
        { kind: "put", colour: "blue", priority: 0, unit: undefined, persistent: false },
        { kind: "put", colour: "blue", priority: 0, unit: undefined, persistent: false },
        { kind: "get", colour: "red", unit: undefined },
        { kind: "commit", unit: 0 },
        { kind: "get", colour: "red", unit: 1 },
        { kind: "get", colour: "red", unit: undefined },
        { kind: "rollback", unit: 1 },
        { kind: "get", colour: "red", unit: undefined },
      ],
      undefined,
    );
  });
});
