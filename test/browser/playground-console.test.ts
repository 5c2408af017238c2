/**
 * The playground's MQSC console in real Chromium, on a real IndexedDB: typed commands run
 * and show runmqsc's output, Up and Down recall history, the help line explains what is
 * under the cursor, and a new console on the same database (a reload) finds what was defined.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { openLocalBrowserQueueManager } from "../../adapters/browser/index.js";
import type { QueueManager } from "../../core/index.js";
import { mountConsole, type MqscConsole } from "../../playground/console/console.js";
import { CommandHistory } from "../../playground/console/history.js";

const databaseName = `webmq-playground-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const historyKey = `${databaseName}:history`;
const transcriptKey = `${databaseName}:transcript`;

let host: HTMLElement;
let qm: QueueManager;
let mqsc: MqscConsole;

async function open(): Promise<void> {
  qm = await openLocalBrowserQueueManager({ name: "PLAYGROUND", databaseName });
  mqsc = mountConsole(host, { queueManager: qm, history: new CommandHistory(localStorage, historyKey), transcriptKey });
}

async function close(): Promise<void> {
  mqsc.dispose();
  await qm.close();
}

/** Types into the console as a person does, then presses Enter and waits for the output. */
async function enter(text: string): Promise<void> {
  await userEvent.type(mqsc.input, text);
  await userEvent.keyboard("{Enter}");
  await mqsc.idle();
}

beforeAll(async () => {
  host = document.createElement("div");
  document.body.appendChild(host);
  await open();
});

afterAll(async () => {
  await close();
  host.remove();
  localStorage.removeItem(historyKey);
  localStorage.removeItem(transcriptKey);
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(databaseName);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

describe("playground MQSC console (Chromium, IndexedDB)", () => {
  it("runs a typed command on Enter and shows runmqsc's output", async () => {
    expect(mqsc.transcript.text).toContain("Starting MQSC for queue manager PLAYGROUND.");
    await enter("DEFINE QLOCAL(PLAY.Q) MAXDEPTH(42)");
    expect(mqsc.input.value).toBe("");
    expect(mqsc.transcript.text).toContain("     1 : DEFINE QLOCAL(PLAY.Q) MAXDEPTH(42)\nAMQ8006I: IBM MQ queue created.");

    await enter("DISPLAY QLOCAL(PLAY.Q) MAXDEPTH");
    expect(mqsc.transcript.text).toMatch(
      / {5}2 : DISPLAY QLOCAL\(PLAY\.Q\) MAXDEPTH\nAMQ8409I: Display Queue details\.\n +QUEUE\(PLAY\.Q\) +TYPE\(QLOCAL\)\n +MAXDEPTH\(42\)/,
    );
  });

  it("marks a failed command and carries on", async () => {
    await enter("DEFINE QLOCAL(PLAY.Q)");
    const last = mqsc.transcript.element.lastElementChild!;
    expect(last.className).toContain("failed");
    expect(last.textContent).toContain("AMQ8150E");
  });

  it("continues a command after a trailing + or Shift+Enter, and runs it whole", async () => {
    await userEvent.type(mqsc.input, "DEFINE QLOCAL(PLAY.Q2) +");
    await userEvent.keyboard("{Enter}");
    expect(mqsc.input.value).toBe("DEFINE QLOCAL(PLAY.Q2) +\n");
    await enter("   MAXDEPTH(7) DESCR('two lines')");
    expect(mqsc.transcript.text).toContain("     4 : DEFINE QLOCAL(PLAY.Q2) MAXDEPTH(7) DESCR('two lines')\nAMQ8006I: IBM MQ queue created.");

    const shown = mqsc.transcript.text;
    await userEvent.type(mqsc.input, "DISPLAY QLOCAL(PLAY.Q2)");
    await userEvent.keyboard("{Shift>}{Enter}{/Shift}");
    await userEvent.type(mqsc.input, "DESCR");
    // Shift+Enter writes runmqsc's continuation, so the two lines are one command.
    expect(mqsc.input.value).toBe("DISPLAY QLOCAL(PLAY.Q2) +\nDESCR");
    expect(mqsc.transcript.text).toBe(shown);
    await userEvent.clear(mqsc.input);
  });

  it("recalls earlier commands with Up and Down, kept in localStorage", async () => {
    mqsc.input.focus();
    await userEvent.keyboard("{ArrowUp}");
    expect(mqsc.input.value).toBe("DEFINE QLOCAL(PLAY.Q2) +\n   MAXDEPTH(7) DESCR('two lines')");
    // The cursor is on the recalled command's last line, where Up moves it within the command;
    // on the first line, Up recalls the command before.
    await userEvent.keyboard("{ArrowUp}");
    expect(mqsc.input.value).toBe("DEFINE QLOCAL(PLAY.Q2) +\n   MAXDEPTH(7) DESCR('two lines')");
    await userEvent.keyboard("{Control>}{Home}{/Control}{ArrowUp}");
    expect(mqsc.input.value).toBe("DEFINE QLOCAL(PLAY.Q)");
    await userEvent.keyboard("{ArrowUp}");
    expect(mqsc.input.value).toBe("DISPLAY QLOCAL(PLAY.Q) MAXDEPTH");
    await userEvent.keyboard("{ArrowDown}");
    expect(mqsc.input.value).toBe("DEFINE QLOCAL(PLAY.Q)");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(mqsc.input.value).toBe("");
    expect(JSON.parse(localStorage.getItem(historyKey)!)).toEqual([
      "DEFINE QLOCAL(PLAY.Q) MAXDEPTH(42)",
      "DISPLAY QLOCAL(PLAY.Q) MAXDEPTH",
      "DEFINE QLOCAL(PLAY.Q)",
      "DEFINE QLOCAL(PLAY.Q2) +\n   MAXDEPTH(7) DESCR('two lines')",
    ]);
  });

  it("says on the help line what the command and the attribute under the cursor mean", async () => {
    await userEvent.type(mqsc.input, "DEFINE QLOCAL(X)");
    expect(mqsc.helpLine.textContent).toMatch(/^DEFINE QLOCAL: creates a local queue/);
    await userEvent.type(mqsc.input, " BOTHRESH");
    expect(mqsc.helpLine.textContent).toMatch(/^BOTHRESH \(backout threshold\): .*backed out/);
    // Moving the cursor back onto the verb explains the verb.
    await userEvent.keyboard("{Control>}{Home}{/Control}");
    expect(mqsc.helpLine.textContent).toMatch(/^DEFINE: creates an object/);
    await userEvent.clear(mqsc.input);
    expect(mqsc.helpLine.textContent).toMatch(/^Type an MQSC command/);
  });

  it("finds its definitions, history and transcript again after a reload", async () => {
    const before = mqsc.transcript.text;
    await close();
    await open();
    // The transcript is as it was, then the new session's first line; numbering carries on.
    expect(mqsc.transcript.text).toBe(`${before}\nStarting MQSC for queue manager PLAYGROUND.`);
    await enter("DISPLAY QLOCAL(PLAY.*) MAXDEPTH");
    expect(mqsc.transcript.text).toMatch(/ {5}\d+ : DISPLAY QLOCAL\(PLAY\.\*\) MAXDEPTH\n/);
    expect(mqsc.transcript.text).toMatch(/QUEUE\(PLAY\.Q\) +TYPE\(QLOCAL\)\n +MAXDEPTH\(42\)/);
    expect(mqsc.transcript.text).toMatch(/QUEUE\(PLAY\.Q2\) +TYPE\(QLOCAL\)\n +MAXDEPTH\(7\)/);
    mqsc.input.focus();
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    expect(mqsc.input.value).toBe("DEFINE QLOCAL(PLAY.Q2) +\n   MAXDEPTH(7) DESCR('two lines')");
  });

  it("runs DEFINE QLOCAL(Q4), Shift+Enter, MAXDEPTH(7), Enter as one command: Q4 gets MAXDEPTH(7)", async () => {
    await userEvent.clear(mqsc.input);
    await userEvent.type(mqsc.input, "DEFINE QLOCAL(Q4)");
    await userEvent.keyboard("{Shift>}{Enter}{/Shift}");
    await enter("MAXDEPTH(7)");
    expect(mqsc.transcript.text).toMatch(/ +\d+ : DEFINE QLOCAL\(Q4\) MAXDEPTH\(7\)\nAMQ8006I: IBM MQ queue created\./);
    expect(mqsc.transcript.text).not.toContain("MAXDEPTH(7)\nAMQ8405E");
    expect(qm.object("localQueue", "Q4")?.attributes.maxDepth).toBe(7);
    await enter("DISPLAY QLOCAL(Q4) MAXDEPTH");
    expect(mqsc.transcript.text).toMatch(/QUEUE\(Q4\) +TYPE\(QLOCAL\)\n +MAXDEPTH\(7\)/);
    // A line that already ends in + is not given a second one.
    await userEvent.type(mqsc.input, "ALTER QLOCAL(Q4) +");
    await userEvent.keyboard("{Shift>}{Enter}{/Shift}");
    expect(mqsc.input.value).toBe("ALTER QLOCAL(Q4) +\n");
    await enter("MAXDEPTH(8)");
    expect(qm.object("localQueue", "Q4")?.attributes.maxDepth).toBe(8);
  });
});
