// The baseline of bench/rest-vs-minimal-worker.mjs: the least a Worker + Durable Object can do
// for a REST put. The front reads the body and passes it to the queue manager's object (one per
// name, idFromName, the same binding and class name as the real worker, so wrangler.toml's
// options serve both unchanged); the object does one SQL INSERT and answers 201 with an id.
// No authentication, no parsing of MQ headers, no queue manager: what is left is workerd's own
// cost of a request, a call to an object, and one committed write.
import { DurableObject } from "cloudflare:workers";

export default {
  async fetch(request, env) {
    const stub = env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName("QM1"));
    const body = await request.arrayBuffer();
    return stub.fetch(request.url, { method: request.method, headers: request.headers, body });
  },
};

export class QueueManagerObject extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, body BLOB NOT NULL)");
  }

  async fetch(request) {
    const body = await request.arrayBuffer();
    const id = crypto.randomUUID().replaceAll("-", "");
    this.sql.exec("INSERT INTO messages (id, body) VALUES (?, ?)", id, body);
    return new Response(null, { status: 201, headers: { "ibm-mq-md-messageId": id } });
  }
}
