/**
 * MQCONNX as a client binding: where to connect (client-address.ts), the session and its `conn`
 * (client.ts), and the connection the verbs then run on, as they run on a local one.
 */
import type { QueueManager } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { clientTarget } from "./client-address.js";
import { ClientQueueManager, ClientSession } from "./client.js";
import { asMQError, attach, ConnectionState } from "./connection.js";
import { MQQueueManager, type MQCNO } from "./structures.js";

/** The user a client asserts without an MQCSP: the one it runs as, as IBM's clients flow it. */
function processUser(): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.USER ?? env?.USERNAME ?? "";
}

export async function connectClient(qMgrName: string, cno: MQCNO | null): Promise<MQQueueManager> {
  const target = await clientTarget(cno, qMgrName);
  const csp = cno?.SecurityParms;
  const withPassword = csp != null && csp.AuthenticationType === N.MQCSP_AUTH_USER_ID_AND_PWD && csp.Password != null;
  const applName = cno?.ApplName ?? "webmq ibmmq";
  let connected;
  try {
    connected = await ClientSession.connect(target, {
      queueManager: qMgrName.trim() === "*" ? "" : qMgrName.trim() || target.queueManager,
      applName,
      user: csp?.UserId ?? processUser(),
      ...(withPassword ? { password: csp.Password! } : {}),
    });
  } catch (error) {
    throw asMQError(error, "CONNX");
  }
  const qm = new ClientQueueManager(connected.queueManager, connected.session);
  const hConn = new MQQueueManager(ConnectionState.newHandle(), qm.name);
  // The verbs use the part of QueueManager that ClientQueueManager offers (client.ts).
  attach(hConn, new ConnectionState(qm as unknown as QueueManager, hConn, applName, true));
  return hConn;
}
