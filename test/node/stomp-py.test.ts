/**
 * stomp.py (Debian's python3-stomp, a STOMP client nobody here wrote) against serveHttp's
 * STOMP over TCP, on loopback: test/fixtures/stomp-py/client.py runs each step (receipts,
 * client-individual ack and nack, redelivery after a disconnect, transactions aborted and
 * committed, a selector, a durable subscription across a reconnect, a refused passcode) and
 * prints what it saw; this checks that and the queue manager's state.
 *
 * python3-stomp is a Debian package that .ci/run installs. Without it this file fails in CI
 * (WEBMQ_REQUIRE_STOMP_PY=1, which .ci/run sets) and is skipped elsewhere with a line saying how to install it.
 */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp, type NodeServer } from "../../adapters/http/node-server.js";

const PYTHON = "/usr/bin/python3";
const hasStompPy = spawnSync(PYTHON, ["-c", "import stomp"]).status === 0;
if (!hasStompPy && process.env.WEBMQ_REQUIRE_STOMP_PY) throw new Error("python3-stomp is not installed: .ci/run installs it (apt-get install python3-stomp)");
if (!hasStompPy) console.warn("stomp-py.test.ts skipped: apt-get install python3-stomp to run stomp.py against the server");

const TOKEN = "stomp-py-token";
let server: NodeServer;
let qm: QueueManager;

beforeAll(async () => {
  qm = await QueueManager.open({ name: "QM1" });
  await qm.mqsc("DEFINE QLOCAL(PY.Q1) BOTHRESH(5)\nDEFINE QLOCAL(PY.Q2)\nDEFINE QLOCAL(PY.Q3)");
  server = await serveHttp({ queueManagers: [qm], tokens: [TOKEN], stompPort: 0 });
});
afterAll(async () => {
  await server?.close();
  await qm?.close();
});

describe.skipIf(!hasStompPy)("stomp.py over TCP", () => {
  it("sends, acknowledges, nacks, transacts, selects and keeps a durable subscription as a STOMP 1.2 client expects", async () => {
    // Asynchronously: the server answering it runs in this process.
    const run = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(PYTHON, [join(import.meta.dirname, "../fixtures/stomp-py/client.py"), String(server.stompPort), TOKEN, "QM1"]);
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (data) => (stdout += data));
      child.stderr.on("data", (data) => (stderr += data));
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.on("error", reject);
      child.on("close", () => {
        clearTimeout(timer);
        resolve({ stdout, stderr });
      });
    });
    expect(run.stderr).not.toMatch(/Traceback/);
    const steps = Object.fromEntries(
      run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { step: string })
        .map((step) => [step.step, step]),
    );
    expect(steps.sent).toEqual({ step: "sent", receipts: ["r0", "r1", "r2"] });
    expect(steps.received).toEqual({ step: "received", bodies: ["order 0", "order 1", "order 2"], region: "eu", redelivered: "false" });
    // The nacked message and the one left unacknowledged came back, redelivered; the acknowledged one did not.
    expect(steps.redelivered).toEqual({ step: "redelivered", bodies: ["order 1", "order 2"], redelivered: ["true", "true"] });
    expect(steps.transactions).toBeDefined();
    expect(steps.selected).toEqual({ step: "selected", bodies: ["for eu"] });
    expect(steps.durable).toEqual({ step: "durable", bodies: ["while away"] });
    expect(steps.refused).toMatchObject({ step: "refused", connected: false });
    // On the queue manager: the committed message alone on PY.Q2, the two unselected on PY.Q3, PY.Q1 empty.
    expect(qm.queueStatus("PY.Q1").depth).toBe(0);
    expect((await qm.browse("PY.Q2").next())?.body).toBeDefined();
    expect(qm.queueStatus("PY.Q2").depth).toBe(1);
    expect(qm.queueStatus("PY.Q3").depth).toBe(2);
  }, 90_000);
});
