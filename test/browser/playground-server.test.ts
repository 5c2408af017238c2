/**
 * The playground's workbench on the real edge worker (under workerd, started by the browser
 * project's globalSetup and reached at this page's origin through Vite's proxy, as the page
 * reaches the worker that serves it): the user switches to the server with the token field,
 * then the shared workbench suite runs on QM1 over REST, checked with REST calls of its own.
 * Bad credentials and an unknown queue manager are refused with their MQ reason.
 */
import "../../playground/style.css";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { userEvent } from "vitest/browser";
import { openLocalBrowserQueueManager } from "../../adapters/browser/index.js";
import type { QueueManager } from "../../core/index.js";
import { BrowserConnection } from "../../playground/connection/browser-connection.js";
import { CommandHistory } from "../../playground/console/history.js";
import { mountWorkbench, type Workbench } from "../../playground/workbench.js";
import { testWorkbench } from "./support/workbench.contract.js";

const token = inject("edgeToken");
const databaseName = `webmq-server-test-${Date.now().toString(36)}`;
const historyKey = `${databaseName}:history`;
const transcriptKey = `${databaseName}:transcript`;
let host: HTMLElement;
let qm: QueueManager;
let workbench: Workbench;

const picker = () => workbench.picker.element;
const pickerField = (name: string) => picker().querySelector(`[name="${name}"]`) as HTMLInputElement;
const pickerNote = () => picker().querySelector("output")!.textContent;

async function connect(fields: { qmgr: string; token?: string; user?: string; password?: string }): Promise<void> {
  await userEvent.click(picker().querySelector('input[value="server"]')!);
  for (const name of ["qmgr", "token", "user", "password"] as const) {
    await userEvent.clear(pickerField(name));
    if (fields[name]) await userEvent.type(pickerField(name), fields[name]);
  }
  await userEvent.click(picker().querySelector('button[type="submit"]')!);
  await workbench.picker.idle();
}

/** A call to the worker's REST API apart from the page. */
function rest(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
  return fetch(path, { method, body: init.body, headers: { authorization: `Bearer ${token}`, "ibm-mq-rest-csrf-token": "test", ...init.headers } });
}

beforeAll(async () => {
  host = document.createElement("div");
  document.body.appendChild(host);
  qm = await openLocalBrowserQueueManager({ name: "PLAYGROUND", databaseName });
  workbench = mountWorkbench(host, {
    local: new BrowserConnection(Promise.resolve(qm), "PLAYGROUND", "this tab, IndexedDB"),
    pollInterval: 300,
    history: new CommandHistory(localStorage, historyKey),
    transcriptKey,
  });
  await workbench.refresh();
});

afterAll(async () => {
  workbench.dispose();
  await qm.close();
  host.remove();
  localStorage.removeItem(historyKey);
  localStorage.removeItem(transcriptKey);
  indexedDB.deleteDatabase(databaseName);
});

describe("switching the playground to the server", () => {
  it("offers this page's origin, and refuses a wrong token with MQRC_NOT_AUTHORIZED, staying on the tab's queue manager", async () => {
    expect(pickerField("url").value).toBe(location.origin);
    await connect({ qmgr: "QM1", token: "not-the-token" });
    expect(pickerNote()).toMatch(/^Not connected: MQRC_NOT_AUTHORIZED \(2035\)/);
    expect(workbench.connection.queueManagerName).toBe("PLAYGROUND");
  });

  it("refuses a user and password the server does not know (sent as HTTP Basic) with MQRC_NOT_AUTHORIZED", async () => {
    await connect({ qmgr: "QM1", user: "nobody", password: "wrong" });
    expect(pickerNote()).toMatch(/^Not connected: MQRC_NOT_AUTHORIZED \(2035\)/);
    expect(workbench.connection.queueManagerName).toBe("PLAYGROUND");
  });

  it("refuses a queue manager the server does not serve with MQRC_Q_MGR_NAME_ERROR", async () => {
    await connect({ qmgr: "QM.NONE", token });
    expect(pickerNote()).toMatch(/^Not connected: MQRC_Q_MGR_NAME_ERROR \(2058\)/);
    expect(workbench.connection.queueManagerName).toBe("PLAYGROUND");
  });

  it("says when no server answers at the address, with MQRC_HOST_NOT_AVAILABLE", async () => {
    await userEvent.clear(pickerField("url"));
    await userEvent.type(pickerField("url"), "http://127.0.0.1:9");
    await connect({ qmgr: "QM1", token });
    expect(pickerNote()).toMatch(/^Not connected: MQRC_HOST_NOT_AVAILABLE \(2538\): no server answered at http:\/\/127\.0\.0\.1:9/);
    await userEvent.clear(pickerField("url"));
    await userEvent.type(pickerField("url"), location.origin);
  });

  it("connects with the token: the console, the queue table and the messages act on QM1", async () => {
    await connect({ qmgr: "QM1", token });
    expect(pickerNote()).toBe(`Acting on QM1 at ${location.origin}.`);
    expect(workbench.connection.queueManagerName).toBe("QM1");
    expect(workbench.console.transcript.text).toMatch(/Starting MQSC for queue manager QM1\.$/);
    expect(workbench.console.element.querySelector(".mqsc-prompt")!.textContent).toBe("QM1>");
    // The queues a new queue manager on the worker gets.
    await expect.poll(() => workbench.queues.element.querySelector('tr[data-queue="DEV.QUEUE.1"]')).not.toBeNull();
  });
});

testWorkbench("the real worker's QM1, over REST", {
  workbench: () => workbench,
  queueManager: "QM1",
  maxDepth: async (queue) => {
    const response = await rest("POST", "/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: queue, responseParameters: ["maxdepth"] }),
    });
    const answer = (await response.json()) as { commandResponse: { parameters?: { maxdepth?: number } }[] };
    return answer.commandResponse[0]?.parameters?.maxdepth;
  },
  putOutside: async (queue, body) => {
    const response = await rest("POST", `/ibmmq/rest/v2/messaging/qmgr/QM1/queue/${queue}/message`, {
      headers: { "content-type": "text/plain;charset=utf-8" },
      body,
    });
    expect(response.status).toBe(201);
  },
  firstMessage: async (queue) => {
    const response = await rest("GET", `/ibmmq/rest/v3/messaging/qmgr/QM1/queue/${queue}/message`);
    if (response.status === 204) return null;
    const usr = response.headers.get("ibm-mq-usr");
    return {
      body: await response.text(),
      priority: Number(response.headers.get("ibm-mq-md-priority")),
      persistent: response.headers.get("ibm-mq-md-persistence") === "persistent",
      properties: Object.fromEntries(((usr ? JSON.parse(usr) : []) as { name: string; value: unknown }[]).map((p) => [p.name, p.value])),
    };
  },
});

describe("switching back", () => {
  it("acts on the tab's queue manager again when the user picks it", async () => {
    await userEvent.click(picker().querySelector('input[value="tab"]')!);
    await workbench.picker.idle();
    expect(workbench.connection.queueManagerName).toBe("PLAYGROUND");
    // The table lists the tab's queues again, and none that only the server has: the user's
    // first, the SYSTEM.* ones too once "Show system queues" is on.
    const tabQueues = qm
      .objects(["localQueue"])
      .map((queue) => queue.name)
      .sort((a, b) => a.localeCompare(b));
    const shown = () => [...workbench.queues.element.querySelectorAll<HTMLElement>("tr[data-queue]")].map((row) => row.dataset.queue);
    await expect.poll(shown).toEqual(tabQueues.filter((name) => !name.startsWith("SYSTEM.")));
    await userEvent.click(workbench.queues.element.querySelector<HTMLInputElement>('input[name="show-system"]')!);
    expect(shown()).toEqual(tabQueues);
    expect(tabQueues.some((name) => name.startsWith("SYSTEM."))).toBe(true);
    expect(tabQueues.some((name) => name.startsWith("PLAY."))).toBe(false);
    expect(workbench.console.element.querySelector(".mqsc-prompt")!.textContent).toBe("PLAYGROUND>");
  });
});
