/**
 * Property tests of the configuration an operator gives the edge worker: MQ_USERS,
 * MQ_TOKENS, MQ_SESSION_SECONDS, MQ_CORS_ORIGINS, MQ_LISTENERS, MQ_TRIGGER_MONITORS, MQ_CLUSTERS,
 * MQ_QUEUE_MANAGERS and the number variables, as text (a secret, or a [vars] string) or as
 * whatever wrangler.toml's [vars] can hold. Each is accepted or refused with a
 * ConfigurationError naming the variable; and through the worker's front (createEdgeWorker,
 * in process, as workerd calls it), a request with no credentials is a 401 when the
 * configuration is usable and otherwise a 500 that names the variable to fix, never an
 * unexplained one.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { QueueManager } from "../../core/index.js";
import { ConfigurationError, createHttpApp } from "../../adapters/http/index.js";
// The modules themselves: the edge's index also exports the Durable Object, which needs workerd.
import { edgeSecurity, isConfiguredQueueManager, numberVariable, type EdgeEnv } from "../../adapters/edge/env.js";
import { parseListenerConfiguration } from "../../adapters/edge/listeners.js";
import { parseTriggerMonitorConfiguration } from "../../adapters/edge/triggers.js";
import { parseClusterConfiguration } from "../../adapters/edge/cluster-configuration.js";
import { createEdgeWorker } from "../../adapters/edge/worker.js";
import { TEST_MQ_USERS } from "../fixtures/security.js";
import { fuzzOptions } from "../fixtures/fuzz.js";

const USER_LINES = TEST_MQ_USERS.split("\n");

/** Anything TOML [vars] can give: text, numbers, booleans, arrays, tables. */
const tomlValue = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double(), fc.boolean(), fc.jsonValue({ maxDepth: 2 }));

const variables = {
  MQ_USERS: fc.oneof(
    fc.subarray(USER_LINES).map((lines) => lines.join(fc.sample(fc.constantFrom("\n", ",", " \n "), 1)[0])),
    fc.constantFrom(
      "admin",
      "admin:MQWebAdmin",
      "admin:Root:x",
      "admin:MQWebAdmin:pbkdf2-sha256$999$AAAA$BBBB",
      "a:MQWebAdmin:b:c",
      ":MQWebAdmin:x",
      USER_LINES[0]!.replace("1000", "100001"),
    ),
    fc.string({ maxLength: 30 }),
  ),
  MQ_TOKENS: fc.oneof(
    fc.constantFrom("t1", "t1:MQWebUser", "t1:MQWebUser:app t2", "t1:Root", ":MQWebAdmin", "a:b:c:d", "t1,,t2", " "),
    fc.string({ maxLength: 20 }),
  ),
  MQ_SESSION_SECRET: fc.string({ maxLength: 20 }),
  MQ_SESSION_SECONDS: fc.oneof(fc.constantFrom("7200", "0", "1", "34560000", "34560001", "-5", "1.5", " 60 ", "9".repeat(20)), fc.string({ maxLength: 8 })),
  MQ_CORS_ORIGINS: fc.oneof(
    fc.constantFrom("https://app.example.com, http://localhost:*", "*", "http://x:99999", "ftp://x", "https://a.b:1234", "HTTPS://A.B"),
    fc.string({ maxLength: 20 }),
  ),
  MQ_QUEUE_MANAGERS: fc.oneof(fc.constantFrom("QM1", "QM*", "*", "QM1,QM2", ""), fc.string({ maxLength: 12 })),
  MQ_MAX_WAIT_MS: fc.oneof(fc.constantFrom("30000", "0", "-1", "1e3"), tomlValue),
  MQ_RESPONSE_TIMEOUT_MS: fc.oneof(fc.constantFrom("30000", "abc"), tomlValue),
  MQ_MESSAGE_MEMORY_BYTES: fc.oneof(fc.constantFrom("1048576", "x"), tomlValue),
  MQ_LISTENERS: fc.oneof(
    fc.constantFrom(
      '[{"queueManager":"QM1","queue":"Q","handler":"h"}]',
      "[]",
      "[{}]",
      "{}",
      "[",
      "null",
      '[{"queueManager":"QM1","queue":"","handler":"h"}]',
      "[1]",
    ),
    fc.array(fc.dictionary(fc.constantFrom("queueManager", "queue", "handler", "maxSessions"), tomlValue), { maxLength: 2 }),
    tomlValue,
  ),
  MQ_TRIGGER_MONITORS: fc.oneof(
    fc.constantFrom('[{"queueManager":"QM1","initiationQueue":"INITQ"}]', "[]", '[{"queueManager":"QM1"}]', "x"),
    fc.array(fc.dictionary(fc.constantFrom("queueManager", "initiationQueue"), tomlValue), { maxLength: 2 }),
    tomlValue,
  ),
  MQ_CLUSTERS: fc.oneof(
    fc.constantFrom(
      '{"DEMO":{"repositories":["QM1","QM2"],"members":["QM1","QM2","QM3"]}}',
      '{"DEMO":{"repositories":["QM9"],"members":["QM1"]}}',
      '{"DEMO":{"repositories":[],"members":[]}}',
      '{"A.VERY.LONG.CLUSTER.NAME.INDEED":{"repositories":["QM1"],"members":["QM1"]}}',
      '{"DEMO":{"members":["QM1"]}}',
      "[]",
      "{",
      "null",
    ),
    fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.dictionary(fc.constantFrom("repositories", "members"), fc.oneof(fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }), tomlValue)),
    ),
    tomlValue,
  ),
} as const;

type Variable = keyof typeof variables;

/** A configuration: a few of the variables set, to random values. */
const environment = fc.record(variables, { requiredKeys: [] }) as fc.Arbitrary<Partial<Record<Variable, unknown>>>;

/** What the worker reads its variables with, all of them; a refusal must be a ConfigurationError naming its variable. */
async function readEverything(env: Partial<Record<Variable, unknown>>): Promise<void> {
  const edgeEnv = env as unknown as EdgeEnv;
  const security = edgeSecurity(edgeEnv);
  await security.principalKey;
  const qm = Promise.reject(new Error("not reached"));
  qm.catch(() => undefined);
  createHttpApp({ ...security, queueManager: () => qm });
  parseListenerConfiguration(edgeEnv.MQ_LISTENERS);
  parseTriggerMonitorConfiguration(edgeEnv.MQ_TRIGGER_MONITORS);
  parseClusterConfiguration(edgeEnv.MQ_CLUSTERS);
  isConfiguredQueueManager(edgeEnv.MQ_QUEUE_MANAGERS, "QM1");
  for (const key of ["MQ_MAX_WAIT_MS", "MQ_RESPONSE_TIMEOUT_MS", "MQ_MESSAGE_MEMORY_BYTES"] as const)
    expect(Number.isSafeInteger(numberVariable(edgeEnv, key, 1))).toBe(true);
}

describe("the edge worker's configuration, fuzzed", () => {
  it("every variable is read, or refused with a ConfigurationError that names it", async () => {
    await fc.assert(
      fc.asyncProperty(environment, async (env) => {
        try {
          await readEverything(env);
        } catch (error) {
          if (!(error instanceof ConfigurationError)) throw new Error(`refused with ${String(error)} rather than a ConfigurationError`, { cause: error });
          expect(Object.keys(env)).toContain(error.variable);
          expect(error.message).toContain(error.variable);
          expect(error.reason).toBe("MQRC_UNEXPECTED_ERROR");
        }
      }),
      fuzzOptions(400),
    );
  });

  it("through the worker's front, a request without credentials is a 401, or a 500 that names the variable to fix", async () => {
    const worker = createEdgeWorker();
    // The log gets the whole message; the test keeps it, to check it, rather than print it.
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(environment, async (env) => {
        let refused: ConfigurationError | undefined;
        try {
          await readEverything(env);
        } catch (error) {
          refused = error as ConfigurationError;
        }
        const response = await worker.fetch(
          new Request("http://edge.test/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message"),
          env as unknown as EdgeEnv,
        );
        const body = (await response.json()) as { error: [{ msgId: string; reasonCode: number; explanation: string }] };
        // The front reads what it needs (users, tokens, origins, session length); the rest is the queue managers' objects' to read.
        const front = refused && ["MQ_USERS", "MQ_TOKENS", "MQ_SESSION_SECONDS", "MQ_CORS_ORIGINS"].includes(refused.variable);
        if (!front) {
          expect(response.status, body.error[0].explanation).toBe(401);
          return;
        }
        expect(response.status).toBe(500);
        expect(body.error[0]).toMatchObject({ msgId: "MQWB0000E", reasonCode: 2195 });
        expect(body.error[0].explanation).toMatch(/configuration is not usable: MQ_[A-Z_]+ must be fixed/);
        expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/^webmq: MQ_[A-Z_]+/));
      }),
      fuzzOptions(200),
    );
    log.mockRestore();
  });
});

describe("edge configuration defects the fuzzing found", () => {
  it("a number variable wrangler.toml gives as a number is read; one of another kind names the variable (it was 'value.trim is not a function')", () => {
    expect(numberVariable({ MQ_MAX_WAIT_MS: 5000 } as unknown as EdgeEnv, "MQ_MAX_WAIT_MS", 1)).toBe(5000);
    for (const value of [true, [1], { a: 1 }, 1.5, -1]) {
      expect(() => numberVariable({ MQ_MAX_WAIT_MS: value } as unknown as EdgeEnv, "MQ_MAX_WAIT_MS", 1)).toThrow(ConfigurationError);
      expect(() => numberVariable({ MQ_MAX_WAIT_MS: value } as unknown as EdgeEnv, "MQ_MAX_WAIT_MS", 1)).toThrow(/^MQ_MAX_WAIT_MS must be a whole number/);
    }
  });

  it("a bad MQ_CORS_ORIGINS entry or session length names its variable", () => {
    expect(() => createHttpApp({ queueManager: () => QueueManager.open({ name: "QM1" }), corsOrigins: "*" })).toThrow(/^MQ_CORS_ORIGINS: /);
    expect(() => createHttpApp({ queueManager: () => QueueManager.open({ name: "QM1" }), sessionSeconds: 0 })).toThrow(/^MQ_SESSION_SECONDS/);
  });
});
