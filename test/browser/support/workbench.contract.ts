/**
 * What the playground's workbench does for a user, whichever queue manager it acts on: run
 * by playground-workbench.test.ts on the tab's (IndexedDB) and by playground-server.test.ts
 * on the real worker's over REST. Every step goes through the page as a person does (keys,
 * clicks, the form), and what it did is checked apart from the page, on the queue manager.
 */
import { describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import type { Workbench } from "../../../playground/workbench.js";

/** A message as the queue manager holds it, read without the page. */
export interface HeldMessage {
  body: string;
  priority: number;
  persistent: boolean;
  properties: Record<string, unknown>;
}

export interface WorkbenchUnderTest {
  /** The workbench, already acting on the queue manager under test. */
  workbench: () => Workbench;
  queueManager: string;
  /** MAXDEPTH of a local queue, read without the page; undefined when there is no such queue. */
  maxDepth(queue: string): Promise<number | undefined>;
  /** Puts a message as another application would. */
  putOutside(queue: string, body: string): Promise<void>;
  /** The first message on the queue, browsed without the page. */
  firstMessage(queue: string): Promise<HeldMessage | null>;
}

const run = Date.now().toString(36).toUpperCase();

export function testWorkbench(name: string, target: WorkbenchUnderTest): void {
  const queue = `PLAY.${run}`;
  const wb = () => target.workbench();
  const panel = () => wb().messages.element;
  const field = (fieldName: string) => panel().querySelector(`[name="${fieldName}"]`) as HTMLInputElement;
  const row = (queueName: string) => wb().queues.element.querySelector<HTMLTableRowElement>(`tr[data-queue="${queueName}"]`);
  const depthShown = (queueName: string) => row(queueName)?.cells[1]?.textContent;

  async function enter(text: string): Promise<void> {
    await userEvent.type(wb().console.input, text);
    await userEvent.keyboard("{Enter}");
    await wb().console.idle();
  }

  async function click(buttonName: string): Promise<void> {
    await userEvent.click(panel().querySelector<HTMLButtonElement>(`button[name="${buttonName}"]`)!);
    await wb().messages.idle();
  }

  async function fill(fieldName: string, text: string): Promise<void> {
    await userEvent.clear(field(fieldName));
    if (text !== "") await userEvent.type(field(fieldName), text);
  }

  describe(`playground workbench on ${name}`, () => {
    it("runs a command continued with Shift+Enter on the chosen queue manager, and lists the new queue", async () => {
      await userEvent.clear(wb().console.input);
      await userEvent.type(wb().console.input, `DEFINE QLOCAL(${queue})`);
      await userEvent.keyboard("{Shift>}{Enter}{/Shift}");
      await enter("MAXDEPTH(7)");
      expect(wb().console.transcript.text).toMatch(
        new RegExp(` +\\d+ : DEFINE QLOCAL\\(${queue.replace(".", "\\.")}\\) MAXDEPTH\\(7\\)\\nAMQ8006I: IBM MQ queue created\\.`),
      );
      expect(await target.maxDepth(queue)).toBe(7);
      await expect.poll(() => row(queue)?.cells[2]?.textContent).toBe("7");
    });

    it("puts a message with the body, priority, persistence and properties the user chose", async () => {
      await userEvent.click(row(queue)!.querySelector("button")!);
      expect(wb().messages.queue).toBe(queue);
      await fill("body", "order 1 for région eu");
      await fill("priority", "7");
      await userEvent.selectOptions(field("persistence") as unknown as HTMLElement, "nonPersistent");
      await fill("properties", "region=eu{Enter}amount=12.5{Enter}express=true{Enter}customer='0042'");
      await click("put");
      expect(panel().querySelector("output")!.textContent).toMatch(new RegExp(`^Put a message on ${queue.replace(".", "\\.")}: [0-9a-f]{48}$`));
      expect(await target.firstMessage(queue)).toEqual({
        body: "order 1 for région eu",
        priority: 7,
        persistent: false,
        properties: { region: "eu", amount: 12.5, express: true, customer: "0042" },
      });
      await expect.poll(() => depthShown(queue)).toBe("1");
    });

    it("browses the queue's messages, descriptor and body, leaving them there", async () => {
      await fill("body", "order 2");
      await fill("priority", "0");
      await userEvent.selectOptions(field("persistence") as unknown as HTMLElement, "persistent");
      await fill("properties", "");
      await click("put");
      await click("browse");
      const items = [...panel().querySelectorAll(".message-list li")];
      expect(items).toHaveLength(2);
      const shown = (item: Element, fieldName: string) => item.querySelector(`dd[data-field="${fieldName}"]`)?.textContent;
      expect(items.map((item) => item.querySelector(".message-body")!.textContent)).toEqual(["order 1 for région eu", "order 2"]);
      expect(shown(items[0]!, "Priority")).toBe("7");
      expect(shown(items[0]!, "Persistence")).toBe("not persistent");
      expect(shown(items[0]!, "region")).toBe('"eu"');
      expect(shown(items[0]!, "amount")).toBe("12.5");
      expect(shown(items[0]!, "MsgId")).toMatch(/^[0-9a-f]{48}$/);
      expect(shown(items[1]!, "Persistence")).toBe("persistent");
      expect((await target.firstMessage(queue))?.body).toBe("order 1 for région eu");
      await expect.poll(() => depthShown(queue)).toBe("2");
    });

    it("gets one message, which leaves the queue", async () => {
      await click("get");
      expect([...panel().querySelectorAll(".message-list .message-body")].map((body) => body.textContent)).toEqual(["order 1 for région eu"]);
      expect((await target.firstMessage(queue))?.body).toBe("order 2");
      await expect.poll(() => depthShown(queue)).toBe("1");
      await click("get");
      await click("get");
      expect(panel().querySelector("output")!.textContent).toBe(`${queue} is empty (MQRC_NO_MSG_AVAILABLE, 2033)`);
      expect(await target.firstMessage(queue)).toBeNull();
    });

    it("draws each queue's depth over time, live: messages put by another application show without a click", async () => {
      for (const body of ["a", "b", "c"]) await target.putOutside(queue, body);
      await expect.poll(() => depthShown(queue), { timeout: 5000 }).toBe("3");
      await expect.poll(() => wb().chart.series(queue).at(-1), { timeout: 5000 }).toBe(3);
      const line = wb().chart.element.querySelector(`polyline[data-queue="${queue}"]`)!;
      expect(line.getAttribute("data-depths")!.split(",").map(Number)).toEqual(wb().chart.series(queue));
      // Earlier readings were lower: the line shows the rise, not only where it ended.
      expect(Math.min(...wb().chart.series(queue))).toBeLessThan(3);
      expect(wb().chart.element.querySelector("figcaption")!.textContent).toContain(`${queue} 3`);
    });

    it("refuses a priority out of range and a property that is not name=value, with the MQ reason, putting nothing", async () => {
      await fill("priority", "12");
      await click("put");
      expect(panel().querySelector("output")!.textContent).toMatch(/^MQRC_PRIORITY_ERROR \(2050\)/);
      await fill("priority", "1");
      await fill("properties", "no equals sign here");
      await click("put");
      expect(panel().querySelector("output")!.textContent).toMatch(/^MQRC_PROPERTY_NAME_ERROR \(2442\)/);
      await fill("properties", "");
      await wb().refresh();
      expect(depthShown(queue)).toBe("3");
    });
  });
}
