// The bench's raw client: STOMP frames encoded once, ahead of time, written to a `ws` socket
// with no STOMP library, so that what the client process spends per message is a few string
// operations and the broker's own throughput shows. Each connection keeps WINDOW SENDs in
// flight (each with a receipt: a RECEIPT says the message is durable), several frames to a
// WebSocket message where they go out together; get+ack is a client-individual subscription
// (prefetch-count WINDOW) whose MESSAGE frames are ACKed, each ACK with a receipt, the ACKs for
// one WebSocket message's MESSAGE frames written together.
import WebSocket from "ws";

export const WINDOW = 32;
const PROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"];

/** A raw connection: CONNECTED awaited; `onFrames` gets each WebSocket message's frames as strings. */
async function connectRaw(url, { login, passcode, host }) {
  // No permessage-deflate: RabbitMQ and serveHttp do not take it, and zlib is not what is measured.
  const ws = new WebSocket(url, PROTOCOLS, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const connection = { ws, onFrames: () => undefined, fail: () => undefined };
  let partial = "";
  ws.on("message", (data) => {
    const text = partial + data.toString("utf8");
    const frames = text.split("\0");
    partial = frames.pop();
    const real = frames.map((frame) => frame.replace(/^[\r\n]+/, "")).filter((frame) => frame !== "");
    try {
      if (real.length > 0) connection.onFrames(real);
    } catch (error) {
      connection.fail(error);
    }
  });
  const connected = new Promise((resolve, reject) => {
    connection.onFrames = (frames) => (frames[0].startsWith("CONNECTED") ? resolve() : reject(new Error(frames[0].slice(0, 300))));
  });
  ws.send(`CONNECT\naccept-version:1.2\nhost:${host}\n${login ? `login:${login}\n` : ""}passcode:${passcode}\nheart-beat:0,0\n\n\0`);
  await connected;
  return connection;
}

const headerOf = (frame, name) => {
  const at = frame.indexOf(`\n${name}:`);
  if (at < 0) return undefined;
  const start = at + name.length + 2;
  return frame.slice(start, frame.indexOf("\n", start));
};

/**
 * `connections` raw clients put `messages` persistent messages (`body`) with receipts, WINDOW in
 * flight each, then get and ack them all. Returns { put, get }, each { ms, latencies }.
 */
export async function rawRun(url, headers, queue, connections, messages, body, mark) {
  const clients = await Promise.all(Array.from({ length: connections }, () => connectRaw(url, headers)));
  const destination = `/queue/${queue}`;
  const sendHead = `SEND\ndestination:${destination}\npersistent:true\ncontent-type:text/plain\ncontent-length:${Buffer.byteLength(body)}\nreceipt:`;
  // An unexpected frame (an ERROR) or a closed socket ends the run rather than leaving it waiting.
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  for (const client of clients) {
    client.fail = fail;
    client.ws.on("close", () => fail(new Error("the socket closed")));
  }
  try {
    // Puts.
    const putLatencies = [];
    let issued = 0;
    let confirmed = 0;
    let finishPuts;
    const putsDone = new Promise((resolve) => (finishPuts = resolve));
    const putMark = mark();
    let start = performance.now();
    for (const client of clients) {
      const sentAt = new Map();
      const sendSome = (count) => {
        let out = "";
        for (let i = 0; i < count && issued < messages; i++) {
          const id = `p${++issued}`;
          sentAt.set(id, performance.now());
          out += `${sendHead}${id}\n\n${body}\0`;
        }
        if (out !== "") client.ws.send(out);
      };
      client.onFrames = (frames) => {
        const now = performance.now();
        for (const frame of frames) {
          if (!frame.startsWith("RECEIPT")) throw new Error(`expected RECEIPT, got ${frame.slice(0, 300)}`);
          const id = headerOf(frame, "receipt-id");
          putLatencies.push(now - sentAt.get(id));
          sentAt.delete(id);
        }
        confirmed += frames.length;
        if (confirmed === messages) finishPuts();
        else sendSome(frames.length);
      };
      sendSome(WINDOW);
    }
    await Promise.race([putsDone, failed]);
    const put = { ms: performance.now() - start, latencies: putLatencies, cpu: putMark };

    // Gets and acks.
    const getLatencies = [];
    let acked = 0;
    let finishGets;
    const getsDone = new Promise((resolve) => (finishGets = resolve));
    const getMark = mark();
    start = performance.now();
    let receipt = 0;
    clients.forEach((client, n) => {
      const arrivedAt = new Map();
      client.onFrames = (frames) => {
        const now = performance.now();
        let out = "";
        for (const frame of frames) {
          if (frame.startsWith("MESSAGE")) {
            const id = `a${++receipt}`;
            arrivedAt.set(id, now);
            out += `ACK\nid:${headerOf(frame, "ack")}\nreceipt:${id}\n\n\0`;
          } else if (frame.startsWith("RECEIPT")) {
            const id = headerOf(frame, "receipt-id");
            getLatencies.push(now - arrivedAt.get(id));
            arrivedAt.delete(id);
            if (++acked === messages) finishGets();
          } else throw new Error(`expected MESSAGE or RECEIPT, got ${frame.slice(0, 300)}`);
        }
        if (out !== "") client.ws.send(out);
      };
      client.ws.send(`SUBSCRIBE\nid:s${n}\ndestination:${destination}\nack:client-individual\nprefetch-count:${WINDOW}\n\n\0`);
    });
    await Promise.race([getsDone, failed]);
    return { put, get: { ms: performance.now() - start, latencies: getLatencies, cpu: getMark } };
  } finally {
    for (const client of clients) {
      client.onFrames = () => undefined;
      client.fail = () => undefined;
      client.ws.removeAllListeners("close");
      client.ws.send("DISCONNECT\n\n\0");
      client.ws.close();
    }
    await Promise.all(
      clients.map((client) => (client.ws.readyState === WebSocket.CLOSED ? undefined : new Promise((resolve) => client.ws.once("close", resolve)))),
    );
  }
}
