/**
 * `webmq put`, `get` and `browse`, after IBM's samples amqsput, amqsget and amqsbcg/amqsgbr:
 * put sends each line of its input as one message until a blank line or the end of input;
 * get prints and removes messages, waiting for the next one (15 s, as amqsget does) and
 * ending when none comes; browse prints the messages and leaves them on the queue.
 */
import { createInterface } from "node:readline";
import type { Target } from "./target.js";

/** amqsget's wait for the next message. */
export const GET_WAIT_MS = 15_000;

export async function putLines(target: Target, queue: string, input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<number> {
  output.write(`target queue is ${queue}\n`);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let count = 0;
  try {
    for await (const line of lines) {
      if (line === "") break; // amqsput: a null line ends the input
      await target.put(queue, line);
      count++;
    }
  } finally {
    lines.close();
  }
  output.write(`${count === 1 ? "one message" : `${count} messages`} put\n`);
  return count;
}

export async function getMessages(target: Target, queue: string, waitMs: number, output: NodeJS.WritableStream): Promise<number> {
  let count = 0;
  for (;;) {
    const message = await target.get(queue, waitMs);
    if (message === null) break;
    output.write(`message <${message.text}>\n`);
    count++;
  }
  output.write("no more messages\n");
  return count;
}

export async function browseMessages(target: Target, queue: string, output: NodeJS.WritableStream): Promise<number> {
  let count = 0;
  for await (const message of target.browse(queue)) {
    count++;
    output.write(`${String(count).padStart(4)} ${message.messageId} <${message.text}>\n`);
  }
  output.write(count === 0 ? "no messages\n" : `${count === 1 ? "one message" : `${count} messages`} browsed\n`);
  return count;
}
