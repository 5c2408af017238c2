/**
 * POST /ibmmq/rest/{v2|v3}/messaging/qmgr/{qmgr}/topic/{topicString}/message: publishes
 * the body on the topic, as IBM's messaging REST API does from v2 (the topic string's '/'
 * may come encoded as %2F or plain). The same headers as a put; 201 when every matching
 * subscription has its copy, with none made otherwise.
 */
import type { Hono } from "hono";
import { readPutBody } from "./body.js";
import { MQError } from "../../core/index.js";
import type { QueueManagerResolver } from "./options.js";
import { parsePutHeaders, queueManagerTarget } from "./request.js";
import { checkTopicAuthority } from "./security/authority.js";

export const TOPIC_PATH = "/ibmmq/rest/:version{v[23]}/messaging/qmgr/:qmgr/topic/:topic{.+}/message";

export function addTopicRoute(app: Hono, resolve: QueueManagerResolver): void {
  app.post(TOPIC_PATH, async (c) => {
    const { version, qmgr } = queueManagerTarget(c.req.param());
    // Hono has URL-decoded the parameter once (%2F to /, %25 to %); decoding it again would
    // turn IBM's %2525 into % and throw on a literal % that starts no escape.
    const topic = c.req.param("topic") ?? "";
    if (topic === "" || topic.length > 10240) throw new MQError("MQRC_TOPIC_STRING_ERROR", "a topic string is 1 to 10240 characters");
    const descriptor = parsePutHeaders(version, c.req.raw.headers);
    const body = await readPutBody(c.req.raw);
    const manager = await resolve(qmgr);
    checkTopicAuthority(c, manager, topic, "PUB");
    await manager.publish(topic, { ...descriptor, ...body });
    return new Response(null, { status: 201 });
  });
}
