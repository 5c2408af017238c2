import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineProject } from "vitest/config";
import { IBM_EXAMPLE_MQ_USERS, TEST_CORS_ORIGINS, TEST_MQ_USERS, TEST_READER_TOKEN_ENTRY, TEST_SESSION_SECRET } from "../fixtures/security.js";

/** Tests that run inside workerd, against the real worker and its Durable Object. */
export default defineProject({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "../../wrangler.toml" },
      miniflare: {
        bindings: {
          MQ_TOKENS: `edge-test-token, second-token, ${TEST_READER_TOKEN_ENTRY}`,
          // Users, login and CORS (test/edge/security.test.ts); sessions kept short for the expiry test.
          // IBM's example users mqadmin and mqapp for test/edge/ibm-examples.test.ts.
          MQ_USERS: `${TEST_MQ_USERS}\n${IBM_EXAMPLE_MQ_USERS}`,
          MQ_SESSION_SECRET: TEST_SESSION_SECRET,
          MQ_SESSION_SECONDS: "3",
          MQ_CORS_ORIGINS: TEST_CORS_ORIGINS,
          MQ_QUEUE_MANAGERS: "QM1, QM.EDGE.*",
          MQ_RESPONSE_TIMEOUT_MS: "2000",
          // A listener on QM.EDGE.LISTEN's APP.IN; its handler is registered by listeners.test.ts.
          MQ_LISTENERS: JSON.stringify([{ queueManager: "QM.EDGE.LISTEN", queue: "APP.IN", handler: "edge-test-handler", maxSessions: 2, maxRetries: 5 }]),
          // A trigger monitor on QM.EDGE.TRIGGER's APP.INITQ; its applications are registered by triggers.test.ts.
          // One on QM.EDGE.WASM's WASM.INITQ, whose application is a C program (wasm.test.ts).
          MQ_TRIGGER_MONITORS: JSON.stringify([
            { queueManager: "QM.EDGE.TRIGGER", initiationQueue: "APP.INITQ" },
            { queueManager: "QM.EDGE.WASM", initiationQueue: "WASM.INITQ" },
          ]),
        },
      },
    }),
  ],
  test: {
    name: "workerd",
    // wrangler.toml serves dist/playground as assets and wrangler refuses a missing directory:
    // the root vitest.config.ts builds it first (globalSetup).
    include: ["./**/*.test.ts"],
    // The C programs wasm.test.ts runs, compiled by clang before workerd starts (it compiles no wasm itself).
    globalSetup: ["../fixtures/wasm/prebuilt.ts"],
  },
});
