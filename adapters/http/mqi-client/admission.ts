/**
 * Whether a client's `conn` may connect, and as whom, as IBM MQ admits a client on a SVRCONN
 * channel:
 *
 * 1. The queue manager named (blank: the server's first) must be here (MQRC_Q_MGR_NAME_ERROR),
 *    and define the channel as CHLTYPE(SVRCONN) (MQRC_UNKNOWN_CHANNEL_NAME, AMQ9520).
 * 2. CHLAUTH (core/features/chlauth/admit.ts) maps the client to a user from the channel's
 *    MCAUSER and the records, or refuses it (MQRC_NOT_AUTHORIZED).
 * 3. CONNAUTH, as IBM's IDPWOS with ADOPTCTX(YES): an MQCSP user and password are checked
 *    against the REST API's users (with the same failed-login limit: socket-login.ts), and a
 *    wrong one is MQRC_NOT_AUTHORIZED; the user checked becomes the connection's, and is checked
 *    against BLOCKUSER again. Without one, CHCKCLNT(REQUIRED) refuses, and REQDADM (IBM's
 *    developer default, and what ASQMGR means here, where AUTHINFO objects are not kept)
 *    refuses an administrator.
 * 4. The user needs CONNECT on the queue manager (the authority records).
 *
 * An administrator is `mqm`, a member of the group `mqm`, or a REST user of role MQWebAdmin;
 * those are never checked against the authority records, as IBM's mqm group is not.
 */
import { MQError, type QueueManager } from "../../../core/index.js";
import { admitClient, blockedUser } from "../../../core/features/chlauth/admit.js";
import type { ClientRequest } from "../../mqi/client-protocol.js";
import { checkPrincipalAuthority, type CheckedPrincipal } from "../security/authority.js";
import type { SocketLogin } from "../security/socket-login.js";

export interface AdmissionOptions {
  queueManager(name: string): Promise<QueueManager | undefined>;
  /** The MQCSP user and password check (the REST API's users, under its failed-login limit). */
  authenticate: SocketLogin;
  /** A user's REST role and groups, for users the connection runs as without a password (an MCAUSER). */
  userInfo(name: string): { role: string | undefined; groups: readonly string[] };
}

const ADMIN = "mqm";

export async function admitConnection(
  options: AdmissionOptions,
  request: Extract<ClientRequest, { op: "conn" }>,
  address: string,
): Promise<{ qm: QueueManager; principal: CheckedPrincipal }> {
  const qm = await options.queueManager(request.queueManager.trim());
  if (qm === undefined) throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${request.queueManager.trim() || "(default)"} here`);
  const channel = qm.object("channel", request.channel);
  if (channel?.attributes.channelType !== "serverConnection")
    // An MQI reason the core's errors do not name: the client reads the name off the answer.
    throw Object.assign(new Error(`queue manager ${qm.name} defines no SVRCONN channel ${request.channel} (AMQ9520)`), { reason: "MQRC_UNKNOWN_CHANNEL_NAME" });
  const isAdmin = (user: string) => {
    const info = options.userInfo(user);
    return user === ADMIN || info.role === "MQWebAdmin" || info.groups.includes(ADMIN);
  };
  const attempt = {
    channel: request.channel,
    channelUser: String(channel.attributes.mcaUserId ?? "").trim(),
    address,
    clientUser: request.user ?? "",
    isAdmin,
  };
  const admitted = admitClient(qm.authorityRecords, attempt);
  if (!admitted.ok)
    throw admitted.addressBlocked
      ? Object.assign(new Error(admitted.text), { reason: "MQRC_Q_MGR_NOT_AVAILABLE" })
      : new MQError("MQRC_NOT_AUTHORIZED", admitted.text);
  let user = admitted.user;
  if (request.password !== undefined && request.user) {
    const checked = await options.authenticate(request.user, request.password, address);
    if (checked === undefined) throw new MQError("MQRC_NOT_AUTHORIZED", `the password of user ${request.user} is not accepted (AMQ5534)`);
    user = checked.name;
    const blocked = blockedUser(qm.authorityRecords, attempt, user);
    if (blocked) throw new MQError("MQRC_NOT_AUTHORIZED", blocked);
  } else if (admitted.checkClient === "REQUIRED" || isAdmin(request.user ?? "") || isAdmin(user)) {
    throw new MQError("MQRC_NOT_AUTHORIZED", `channel ${request.channel} requires a user id and password (CHCKCLNT), and none came (AMQ5540)`);
  }
  if (user === "") throw new MQError("MQRC_NOT_AUTHORIZED", `channel ${request.channel} has no MCAUSER and the client asserted no user`);
  const info = options.userInfo(user);
  const principal: CheckedPrincipal = { name: user, role: isAdmin(user) ? "MQWebAdmin" : (info.role ?? "MQWebUser"), groups: info.groups };
  checkPrincipalAuthority(qm, principal, "QMGR", qm.name, "CONNECT");
  return { qm, principal };
}
