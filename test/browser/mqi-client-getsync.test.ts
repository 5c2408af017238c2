/**
 * webmq/ibmmq's client binding in a page (Chromium), to the real edge worker through the test
 * server's proxy: the asynchronous verbs work, and GetSync, which would have to block the page's
 * only thread on its socket, is MQRC_ENVIRONMENT_ERROR saying so; the connection goes on.
 * (In Node the socket is on a worker thread and GetSync blocks: test/node/mqi-client-getsync.test.ts.)
 */
import "../../adapters/wasm/buffer-global.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import * as mq from "../../adapters/mqi/index.js";

const token = inject("edgeToken");
const QUEUE = "BROWSER.GETSYNC";
const MQC = mq.MQC;

/** MQSC at the edge's QM1, as the administrator (the worker's bearer token). */
async function mqsc(command: string): Promise<void> {
  const response = await fetch("/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "ibm-mq-rest-csrf-token": "x" },
    body: JSON.stringify({ type: "runCommand", parameters: { command } }),
  });
  const body = (await response.json()) as { commandResponse?: { completionCode: number; text: string[] }[] };
  const failed = (body.commandResponse ?? []).filter((r) => r.completionCode > 1);
  expect(failed).toEqual([]);
}

describe("GetSync over a client binding in a page", () => {
  beforeAll(async () => {
    // A channel of its own that runs as `webapp`, who may get and put on the test's queue.
    await mqsc(`DEFINE QLOCAL('${QUEUE}') REPLACE`);
    await mqsc("DEFINE CHANNEL('BROWSER.SVRCONN') CHLTYPE(SVRCONN) MCAUSER('webapp') REPLACE");
    await mqsc("SET CHLAUTH('BROWSER.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('*') USERSRC(CHANNEL) ACTION(REPLACE)");
    await mqsc("SET AUTHREC OBJTYPE(QMGR) PRINCIPAL('webapp') AUTHADD(CONNECT,INQ)");
    await mqsc(`SET AUTHREC PROFILE('${QUEUE}') OBJTYPE(QUEUE) PRINCIPAL('webapp') AUTHADD(GET,PUT,BROWSE,INQ)`);
  });

  it("answers MQRC_ENVIRONMENT_ERROR, saying the page's thread cannot block, and the asynchronous verbs go on", async () => {
    const cno = new mq.MQCNO();
    cno.ClientConn = Object.assign(new mq.MQCD(), { ChannelName: "BROWSER.SVRCONN", ConnectionName: `ws://${location.host}/ibmmq/client` });
    const hConn = await mq.ConnxPromise("QM1", cno);
    const hObj = await mq.OpenPromise(hConn, Object.assign(new mq.MQOD(), { ObjectName: QUEUE }), MQC.MQOO_INPUT_AS_Q_DEF | MQC.MQOO_OUTPUT);
    await mq.PutPromise(hObj, new mq.MQMD(), new mq.MQPMO(), "from the page");
    expect(() => mq.GetSync(hObj, new mq.MQMD(), new mq.MQGMO(), Buffer.alloc(100))).toThrow(
      expect.objectContaining({ mqrc: MQC.MQRC_ENVIRONMENT_ERROR, message: expect.stringMatching(/thread cannot block waiting on a socket.*callback/) }),
    );
    // The message is still there for Get with a callback.
    const gmo = Object.assign(new mq.MQGMO(), { Options: MQC.MQGMO_NO_SYNCPOINT | MQC.MQGMO_WAIT, WaitInterval: 5000 });
    const text = await new Promise<string>((resolve, reject) =>
      mq.Get(hObj, new mq.MQMD(), gmo, (err, obj, _gmo, _md, data) => {
        mq.GetDone(obj);
        if (err) reject(err);
        else resolve(data!.toString());
      }),
    );
    expect(text).toBe("from the page");
    await mq.ClosePromise(hObj, 0);
    await mq.DiscPromise(hConn);
  });
});
