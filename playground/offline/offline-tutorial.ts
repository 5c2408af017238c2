/**
 * The "Offline and back" tutorial: an app's queue manager in this tab (SHOP, on IndexedDB) sends
 * orders to a server's queue manager over a channel, and keeps them while the page is offline.
 * The user connects the two, goes offline (a switch on the page, or the browser's own offline),
 * puts orders and watches them wait on the transmission queue while the channel retries, comes
 * back online and watches them arrive on the server once each; then cuts the link in the middle
 * of a batch and sees them arrive once all the same. Every figure it shows is read from the two
 * queue managers (the server's over its REST API), never counted by the tutorial itself.
 */
import type { QueueManager } from "../../core/index.js";
import type { ChannelCredential, ChannelCredentials } from "../../adapters/browser/index.js";
import type { PlaygroundConnection } from "../connection/connection.js";
import { RestConnection } from "../connection/rest-connection.js";
import type { TutorialDefinition } from "../tutorial-shell.js";
import { defineEnds, PAGE_QUEUE, pageMqsc, SERVER_QUEUE, serverMqsc, type ChannelEnds } from "./ends.js";
import type { OfflineQueueManager } from "./link.js";
import { offlineSwitch, statusBoard, type StatusFigures } from "./offline-panels.js";

export interface OfflineTutorialOptions {
  /** Opens the page's queue manager with these credentials for its channel (read at each dial). */
  open(credentials: ChannelCredentials): Promise<OfflineQueueManager>;
  /** The server's origin: the page's own when the worker serves it. */
  serverUrl: string;
  /** The channel's name; by default SHOP.TO.<server>. */
  channel?: (server: string) => string;
}

export interface OfflineTutorial {
  readonly definition: TutorialDefinition;
  queueManager(): QueueManager;
  /** Resolves once the action clicked last has finished. */
  idle(): Promise<void>;
  /** Reads both queue managers and shows what they hold now; resolves with it. */
  refresh(): Promise<StatusFigures | undefined>;
  dispose(): Promise<void>;
}

const ORDERS_PER_CLICK = 5;

export async function mountOfflineTutorial(options: OfflineTutorialOptions): Promise<OfflineTutorial> {
  const credentials: Record<string, ChannelCredential> = {};
  const { qm, link } = await options.open(credentials);
  let work: Promise<void> = Promise.resolve();
  let server: PlaygroundConnection | undefined;
  let ends: ChannelEnds | undefined;
  let nextOrder = 1;
  const boards: ReturnType<typeof statusBoard>[] = [];
  const switches: ReturnType<typeof offlineSwitch>[] = [];
  /** The code each button shows, written again once the user has named the server. */
  const codes: ((ends: ChannelEnds) => void)[] = [];

  /** Runs `action` after the one before, showing its words or its error in `output`. */
  function act(output: HTMLOutputElement, action: () => Promise<string>): void {
    work = work.then(async () => {
      try {
        output.className = "offline-result";
        output.textContent = await action();
      } catch (error) {
        output.className = "offline-result error";
        output.textContent = error instanceof Error ? error.message : String(error);
      }
      await refresh();
    });
  }

  function needEnds(): ChannelEnds {
    if (!ends) throw new Error("Connect the shop to the server first (step 1).");
    return ends;
  }

  async function putOrders(): Promise<string> {
    needEnds();
    const first = nextOrder;
    for (let i = 0; i < ORDERS_PER_CLICK; i++) await qm.put(PAGE_QUEUE, { body: `order ${nextOrder++}`, persistent: true });
    return `Put orders ${first} to ${nextOrder - 1} on ${PAGE_QUEUE}.`;
  }

  async function refresh(): Promise<StatusFigures | undefined> {
    if (!ends) return undefined;
    const state = qm.channelStatus(ends.channel);
    const figures: StatusFigures = {
      online: !link.offline && navigator.onLine,
      channel: state === undefined ? "INACTIVE" : state.toUpperCase(),
      waiting: qm.queueStatus(ends.server).depth,
      arrived: await serverDepth(),
    };
    for (const board of boards) board.show(figures);
    return figures;
  }

  async function serverDepth(): Promise<number | undefined> {
    try {
      return (await server!.listQueues()).find((q) => q.name === SERVER_QUEUE)?.depth;
    } catch {
      return undefined; // the server out of reach (offline for real): the board says "unknown"
    }
  }

  function setOffline(offline: boolean): void {
    link.setOffline(offline);
    for (const toggle of switches) toggle.show(offline);
    // Back online: the channel tries at once rather than at its next retry, as the page's keeper does on the browser's `online`.
    if (!offline && ends && qm.channelStatus(ends.channel) === "retrying") qm.startChannel(ends.channel);
    void refresh();
  }
  const newSwitch = () => {
    const toggle = offlineSwitch(link.offline, setOffline);
    switches.push(toggle);
    return toggle.element;
  };
  const newBoard = () => {
    const board = statusBoard();
    boards.push(board);
    return board.element;
  };
  // The browser's own offline: a real network loss leaves a WebSocket hanging until it times out; drop it now, as the browser would soon.
  const browserOffline = () => link.drop("offline");
  const browserEither = () => void refresh();
  addEventListener("offline", browserOffline);
  addEventListener("online", browserEither);
  addEventListener("offline", browserEither);
  const ticker = setInterval(() => void refresh(), 1000);

  const connect = step("connect", [
    { label: "Connect the shop to the server", code: (e) => `On ${e.server}:\n${serverMqsc(e)}\n\nOn ${qm.name}:\n${pageMqsc(e)}`, run: connectEnds },
  ]);
  const token = document.createElement("input");
  token.type = "password";
  token.name = "offline-token";
  token.autocomplete = "off";
  const serverName = document.createElement("input");
  serverName.name = "offline-server";
  serverName.value = "QM1";
  connect.insertBefore(labelled("The server's token (npm start prints it)", token), connect.firstChild);
  connect.insertBefore(labelled("The server's queue manager", serverName), connect.firstChild);

  async function connectEnds(): Promise<string> {
    const name = serverName.value.trim().toUpperCase() || "QM1";
    const channel = options.channel?.(name) ?? `SHOP.TO.${name}`;
    credentials[channel] = { token: token.value.trim() };
    server = new RestConnection({ baseUrl: options.serverUrl, queueManager: name, credentials: { token: token.value.trim() } });
    const candidate: ChannelEnds = { server: name, channel, connectionName: `${options.serverUrl}/ibmmq/channel/${name}` };
    await defineEnds(qm, server, candidate);
    ends = candidate;
    for (const show of codes) show(candidate);
    for (let i = 0; i < 50 && qm.channelStatus(channel) !== "running"; i++) await new Promise((r) => setTimeout(r, 100));
    const status = qm.channelStatus(channel);
    if (status !== "running") throw new Error(`Channel ${channel} is ${status ?? "not started"}: ${qm.channelAgentStatus(channel)?.reason ?? ""}`);
    return `Channel ${channel} is running: orders put on ${PAGE_QUEUE} here go to ${SERVER_QUEUE} on ${name}.`;
  }

  const offline = step("offline", []);
  offline.insertBefore(newSwitch(), offline.firstChild);
  const put = step("put", [{ label: `Put ${ORDERS_PER_CLICK} orders`, code: () => putCode(), run: putOrders }]);
  const back = step("back", []);
  back.insertBefore(newSwitch(), back.firstChild);
  const cut = step("cut", [
    {
      label: `Put ${ORDERS_PER_CLICK} orders and cut the link mid-batch`,
      code: () => `link.cutNextBatch(); // drop the connection once the batch is sent, before the server's answer\n${putCode()}`,
      run: async () => {
        needEnds();
        if (link.offline) throw new Error("Come back online first (step 4): offline, no batch is sent to cut.");
        link.cutNextBatch();
        return `${await putOrders()} The link will be cut as their batch ends.`;
      },
    },
    { label: "Count the orders on the server", code: (e) => `browse ${SERVER_QUEUE} on ${e.server}`, run: countOnServer },
  ]);
  const cutNote = document.createElement("p");
  cutNote.className = "offline-cut-note";
  cutNote.setAttribute("aria-live", "polite");
  cut.appendChild(cutNote);
  link.onCut = (why) => {
    if (why === "mid-batch")
      cutNote.textContent =
        "The link was cut after the batch was sent and before the server's answer: the batch is in doubt. At its next start the channel asks the server which batch it committed, and sends again only what it did not.";
  };

  async function countOnServer(): Promise<string> {
    const { server: name } = needEnds();
    const bodies = (await server!.browse(SERVER_QUEUE, 5000)).map((m) => m.body);
    const doubled = bodies.filter((body, i) => bodies.indexOf(body) !== i);
    const missing = Array.from({ length: nextOrder - 1 }, (_, i) => `order ${i + 1}`).filter((body) => !bodies.includes(body));
    return `${SERVER_QUEUE} on ${name} holds ${bodies.length} orders; doubled: ${doubled.length === 0 ? "none" : doubled.join(", ")}; still on their way: ${missing.length === 0 ? "none" : missing.join(", ")}.`;
  }

  function putCode(): string {
    return `for (let i = 0; i < ${ORDERS_PER_CLICK}; i++)\n  await qm.put("${PAGE_QUEUE}", { body: \`order \${n++}\`, persistent: true });`;
  }

  /** A step's panel: its buttons, the code each runs (once the ends are known), what happened, and the status board. */
  function step(name: string, actions: { label: string; code: (ends: ChannelEnds) => string; run: () => Promise<string> }[]): HTMLElement {
    const element = document.createElement("div");
    element.className = `offline-step offline-${name}`;
    const output = document.createElement("output");
    output.className = "offline-result";
    output.setAttribute("aria-live", "polite");
    for (const action of actions) {
      const row = document.createElement("div");
      row.className = "reliable-action";
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      button.addEventListener("click", () => act(output, action.run));
      const code = document.createElement("pre");
      code.setAttribute("aria-label", `What "${action.label}" runs`);
      code.tabIndex = 0;
      const show = (shown: ChannelEnds) => (code.textContent = action.code(shown));
      show({ server: "QM1", channel: "SHOP.TO.QM1", connectionName: `${options.serverUrl}/ibmmq/channel/QM1` });
      codes.push(show);
      row.appendChild(button);
      row.appendChild(code);
      element.appendChild(row);
    }
    element.appendChild(output);
    element.appendChild(newBoard());
    return element;
  }

  const definition: TutorialDefinition = {
    id: "offline",
    title: "Offline and back",
    problem:
      "An app on a phone or in a train loses its network, but its users keep working. If it sent each order straight to the server, orders put while offline would fail or be lost. With a queue manager in the page, the app puts its orders locally; a channel carries them to the server's queue manager when it can, and makes sure each arrives exactly once, even when the connection drops halfway.",
    steps: [
      {
        title: "Connect the shop to the server",
        text: `${qm.name} is this page's queue manager, kept in the browser. A sending channel carries what is put on its transmission queue to a receiving channel of the same name on the server's queue manager, here the one served by this page's worker.`,
        panel: connect,
      },
      {
        title: "Go offline",
        text: "Turn the switch on: the page now acts as if it had no network (the browser's own offline does the same). The channel loses its connection and keeps trying: RETRYING.",
        panel: offline,
      },
      {
        title: "Put orders while offline",
        text: "The app goes on working. Each order waits on the transmission queue in the browser's storage, safe across a reload, until the channel can send it.",
        panel: put,
      },
      {
        title: "Come back online",
        text: "Turn the switch off. The channel starts again at once and sends what waited; the transmission queue empties and the orders arrive on the server.",
        panel: back,
      },
      {
        title: "Cut the link in the middle of a batch",
        text: "A connection can also drop while a batch is on its way, leaving the page unsure whether the server got it. Cut it and count: every order arrives, none twice.",
        panel: cut,
      },
    ],
  };

  return {
    definition,
    queueManager: () => qm,
    idle: () => work,
    refresh,
    dispose: async () => {
      clearInterval(ticker);
      removeEventListener("offline", browserOffline);
      removeEventListener("online", browserEither);
      removeEventListener("offline", browserEither);
      await work;
      await qm.close();
    },
  };
}

function labelled(text: string, input: HTMLInputElement): HTMLLabelElement {
  const label = document.createElement("label");
  label.className = "offline-field";
  label.appendChild(document.createTextNode(`${text} `));
  label.appendChild(input);
  return label;
}
