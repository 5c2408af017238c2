/**
 * The worker's own start page, the fallback when the built playground is not among its
 * assets (wrangler.toml [assets] serves dist/playground/index.html at / when it is): what
 * is running, where the API is, and how to call it. Plain HTML, no build step.
 */
export interface StartPageInfo {
  runtime: string;
  store: string;
}

export function startPage(info: StartPageInfo): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>webmq: a message-queue manager for the web</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  code, pre { font: 14px ui-monospace, monospace; background: #f3f4f7; border-radius: 4px; }
  pre { padding: .75rem; overflow-x: auto; }
  dt { font-weight: 600; }
</style>
</head>
<body>
<h1>webmq playground</h1>
<p>A message-queue manager with the semantics of IBM MQ and JMS, running here as a
${escapeHtml(info.runtime)} with its queues in ${escapeHtml(info.store)}.</p>
<dl>
  <dt>Messaging REST API (IBM MQ compatible)</dt>
  <dd><code>/ibmmq/rest/v1</code>, <code>/v2</code> and <code>/v3</code><code>/messaging/qmgr/{qmgr}/queue/{queue}/message</code>
  and <code>.../messagelist</code>. Each configured queue manager (<code>MQ_QUEUE_MANAGERS</code>) is created on first use with
  <code>SYSTEM.DEFAULT.LOCAL.QUEUE</code>, <code>SYSTEM.DEAD.LETTER.QUEUE</code> and <code>DEV.QUEUE.1</code> to <code>3</code>.</dd>
</dl>
<p>The playground, with its MQSC console, is not built here: <code>npm run build:playground</code>
writes it to <code>dist/playground</code>, which the worker serves at <code>/</code> (<code>npm start</code> builds it first).</p>
<h2>Try it</h2>
<pre>TOKEN=...   # printed by npm start
curl -i -X POST -H "Authorization: Bearer $TOKEN" -H "ibm-mq-rest-csrf-token: x" -H "Content-Type: text/plain;charset=utf-8" \\
     --data "Hello, MQ" ${"$"}ORIGIN/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message
curl -i -X DELETE -H "Authorization: Bearer $TOKEN" -H "ibm-mq-rest-csrf-token: x" \\
     "${"$"}ORIGIN/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message?wait=5000"</pre>
<script>document.querySelectorAll("pre").forEach((p) => (p.textContent = p.textContent.replaceAll("$ORIGIN", location.origin)));</script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
