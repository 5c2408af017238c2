/**
 * .../queue/{queue}/message: POST puts, DELETE gets (destructively, waiting up to `wait`
 * ms), GET browses the first message. Requests are checked in full before the queue
 * manager is resolved, so a rejected request leaves every queue as it was.
 */
import type { Hono } from "hono";
import { readPutBody } from "./body.js";
import type { HttpLimits, QueueManagerResolver } from "./options.js";
import { parsePutHeaders, parseSelection, parseWait, queueTarget } from "./request.js";
import { createdResponse, gotMessageResponse, messageResponse, noMessageResponse } from "./response.js";
import { leasedMessageResponse, parseLease, parseSettlement, settleLease } from "./lease-route.js";
import { MessageLeases } from "./leases.js";
import { checkRequestAuthority } from "./security/authority.js";

export const MESSAGE_PATH = "/ibmmq/rest/:version{v[123]}/messaging/qmgr/:qmgr/queue/:queue/message";

export function addMessageRoutes(app: Hono, resolve: QueueManagerResolver, limits: HttpLimits): void {
  // The leased gets this app holds (lease-route.ts): confirmed, released, or backed out when they end.
  const leases = new MessageLeases();
  app.post(MESSAGE_PATH, async (c) => {
    const { version, qmgr, queue } = queueTarget(c.req.param());
    const descriptor = parsePutHeaders(version, c.req.raw.headers);
    const body = await readPutBody(c.req.raw);
    const manager = await resolve(qmgr);
    checkRequestAuthority(c, manager, "QUEUE", queue, "PUT");
    const result = await manager.put(queue, { ...descriptor, ...body });
    return createdResponse(version, result.messageId);
  });

  app.delete(MESSAGE_PATH, async (c) => {
    const { version, qmgr, queue } = queueTarget(c.req.param());
    const settlement = parseSettlement(c.req.url);
    if (settlement) return settleLease(leases, settlement, qmgr, queue);
    const query = (name: string) => c.req.query(name);
    const selection = parseSelection(version, query);
    const wait = parseWait(query, limits.maxWait);
    const lease = parseLease(query, limits.maxLease);
    const manager = await resolve(qmgr);
    checkRequestAuthority(c, manager, "QUEUE", queue, "GET");
    // The get is taken under syncpoint and committed only once the response body has been
    // handed to the client (committing-body.ts). A client that disconnects while waiting
    // ends the wait where the runtime says so (request.signal).
    const signal = c.req.raw.signal;
    const unit = manager.beginUnitOfWork();
    const message = await manager.get(queue, { ...selection, wait, signal, unitOfWork: unit });
    if (message === null) return noMessageResponse();
    if (signal.aborted) {
      // Never sent: it goes back as it was.
      await unit.rollback({ countBackout: false });
      return noMessageResponse();
    }
    // Leased: the unit stays open after the answer, until the client confirms the message or
    // the lease ends (leases.ts); the body is sent whole, whatever the client reads of it.
    if (lease !== undefined) return leasedMessageResponse(version, message, leases.hold(manager, qmgr, queue, unit, lease));
    try {
      return gotMessageResponse(version, message, unit, limits.responseTimeout, signal, limits.handoverTimeout);
    } catch (error) {
      await unit.rollback();
      throw error;
    }
  });

  app.get(MESSAGE_PATH, async (c) => {
    const { version, qmgr, queue } = queueTarget(c.req.param());
    const selection = parseSelection(version, (name) => c.req.query(name));
    const manager = await resolve(qmgr);
    checkRequestAuthority(c, manager, "QUEUE", queue, "BROWSE");
    const cursor = manager.browse(queue, selection);
    try {
      const message = await cursor.next();
      return message === null ? noMessageResponse() : messageResponse(version, message);
    } finally {
      cursor.close();
    }
  });
}
