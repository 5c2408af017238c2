/**
 * The playground page: mounts the workbench at once (the switch between queue managers, the
 * MQSC console, the queue table with its depth chart, the message view), acting first on
 * PLAYGROUND, the queue manager it opens on this origin's IndexedDB (what is asked before it
 * is open waits for it); beside it, the tutorials (tutorial-shell.ts), which use PLAYGROUND
 * (publish/subscribe, the listener and its poison messages, triggering) in the tab that runs
 * it: every tab of the playground shares it (shared-playground.ts); reliable delivery runs on
 * RELIABLE, a queue manager of its own in this tab, which it restarts; offline and back on SHOP,
 * another, whose channel sends orders to the worker that serves the page. While the page acts on
 * a server's queue manager the tutorials step aside. Fills this origin into the curl examples.
 */
import { openSharedPlayground } from "./shared-playground.js";
import { openLocalBrowserQueueManager } from "../adapters/browser/index.js";
import { BrowserConnection } from "./connection/browser-connection.js";
import { mountWorkbench } from "./workbench.js";
import { mountPubSubTutorial } from "./pubsub-tutorial.js";
import { mountPoisonTutorial } from "./poison-tutorial.js";
import { mountTriggerTutorial } from "./trigger-tutorial.js";
import { mountReliableTutorial } from "./reliable-tutorial.js";
import { mountOfflineTutorial } from "./offline/offline-tutorial.js";
import { openOfflineQueueManager } from "./offline/link.js";
import { mountTutorialShell, type TutorialShell } from "./tutorial-shell.js";
import { PLAYGROUND_TUTORIALS } from "./tutorial-texts.js";
import { mountTimeline } from "./timeline/timeline.js";
import { relayEvents, watchRelayedEvents } from "./timeline/relay.js";
import triggeredWorkerUrl from "./trigger-app.worker.ts?worker&url";

const NAME = "PLAYGROUND";

for (const pre of document.querySelectorAll("pre.with-origin")) pre.textContent = pre.textContent!.replaceAll("$ORIGIN", location.origin);

const tutorialsHost = document.querySelector<HTMLElement>("#tutorials")!;
const workbenchHost = document.querySelector<HTMLElement>("#workbench")!;
const { opening, owned } = openSharedPlayground(NAME, workbenchHost);
let shell: TutorialShell | undefined;
let serverNote: string | undefined;
const workbench = mountWorkbench(workbenchHost, {
  local: new BrowserConnection(opening, NAME),
  onConnectionChange: (connection, isLocal) => {
    serverNote = isLocal
      ? undefined
      : `The tutorials run on the queue managers in this tab; while the page acts on ${connection.queueManagerName}, a server's, they wait. Pick "${NAME}" above to come back to them.`;
    shell?.stepAside(serverNote);
  },
});
workbench.console.input.focus();
const refresh = () => void workbench.refresh();
// What any tab changes, every tab shows at once.
void opening.then((shared) => shared.onChange(refresh));

// The tutorials' shared timeline, told by the queue managers themselves. They run in the tab
// that runs PLAYGROUND, which relays their events: until this tab is that one, it shows those.
const timeline = mountTimeline(document.querySelector<HTMLElement>("#timeline")!);
const stopRelayed = watchRelayedEvents(timeline.show);
/** Shows `qm`'s events here and relays them to the other tabs. */
const follow = <T extends Parameters<typeof timeline.watch>[0]>(qm: T): T => {
  timeline.watch(qm); // a closed manager tells nothing more: no need to stop the old subscriptions
  relayEvents(qm);
  return qm;
};

try {
  // The tutorials run where the manager runs: in this tab once it is the one that runs it.
  void opening.then((shared) => {
    if (shared.role === "client")
      tutorialsHost.textContent = `The tutorials run in the tab that runs ${NAME}, another tab of this browser now; they start here if that one closes.`;
  });
  const qm = await owned;
  stopRelayed();
  follow(qm);
  const panel = () => document.createElement("div");
  const [pubsub, poison, triggers] = [panel(), panel(), panel()];
  pubsub.id = "pubsub";
  poison.id = "poison";
  triggers.id = "triggers";
  await mountPubSubTutorial(pubsub, qm);
  await mountPoisonTutorial(poison, qm, refresh);
  await mountTriggerTutorial(triggers, qm, new URL(triggeredWorkerUrl, location.href).href, refresh);
  const reliable = await mountReliableTutorial(() => openLocalBrowserQueueManager({ name: "RELIABLE" }).then(follow));
  // Offline and back: SHOP, a queue manager of its own in this tab, sends orders to the worker that serves this page.
  const offline = await mountOfflineTutorial({
    open: (credentials) => openOfflineQueueManager("SHOP", "webmq:SHOP", credentials).then((opened) => (follow(opened.qm), opened)),
    serverUrl: location.origin,
  });
  shell = mountTutorialShell(tutorialsHost, [...PLAYGROUND_TUTORIALS({ pubsub, poison, triggers }), reliable.definition, offline.definition]);
  shell.stepAside(serverNote);
} catch (error) {
  workbench.console.transcript.note(`The queue manager could not be opened on IndexedDB: ${error instanceof Error ? error.message : String(error)}`, "error");
}
