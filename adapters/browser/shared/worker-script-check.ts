/**
 * What a page learns of the owner SharedWorker's script by fetching it itself. The browser
 * tells a page that a SharedWorker's script did not load only by an `error` event on the
 * worker object, once; a page that never gets it (the event was not dispatched, or not to
 * this object) would wait for an owner that never comes. So a page that has heard nothing
 * from its worker for a while asks for the script the way the browser did, and tells from the
 * answer whether the worker could have loaded: a module worker's script must answer 2xx with a
 * JavaScript MIME type (HTML's "fetch a single module script"), or the browser refuses it.
 */

/** How long a page waits for its SharedWorker's first message before it checks the worker's script. */
export const WORKER_SILENT_MS = 2000;

/**
 * Why the script at `url` cannot have started a module worker ("answered 404", "is served as
 * text/html, not JavaScript", "could not be fetched: ..."), or undefined when it could have
 * (the worker may then be slow to start, and is waited for).
 */
export async function workerScriptProblem(url: URL | string): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch (error) {
    return `${String(url)} could not be fetched: ${error instanceof Error ? error.message : String(error)}`;
  }
  // The body is not needed: the status and the type say whether the browser would run it.
  void response.body?.cancel().catch(() => undefined);
  if (!response.ok) return `${String(url)} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  const type = response.headers.get("Content-Type") ?? "";
  if (!isJavaScriptMimeType(type)) return `${String(url)} is served as ${type || "no Content-Type"}, not JavaScript`;
  return undefined;
}

/** A JavaScript MIME type essence (MIME Sniffing: text/javascript, application/javascript, application/x-ecmascript, ...). */
function isJavaScriptMimeType(contentType: string): boolean {
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  return /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript)$/.test(essence) || /^text\/(?:javascript1\.[0-5]|jscript|livescript)$/.test(essence);
}
