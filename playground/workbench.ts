/**
 * The part of the page that manages a queue manager: the switch between the tab's and a
 * server's, the MQSC console, the table of local queues, their depths drawn over time, and
 * the message view. All act on one PlaygroundConnection at a time; the queue list is read
 * again every `pollInterval` ms (a server's depths change without this page), after each
 * command and after each message action.
 */
import type { PlaygroundConnection } from "./connection/connection.js";
import { mountConnectionPicker, type ConnectionPicker } from "./connection/connection-picker.js";
import { mountConsole, type MqscConsole } from "./console/console.js";
import type { CommandHistory } from "./console/history.js";
import { mountMessagePanel, type MessagePanel } from "./messages/message-panel.js";
import { mountDepthChart, type DepthChart } from "./queues/depth-chart.js";
import { mountQueueTable, type QueueTable } from "./queues/queue-table.js";

export interface WorkbenchOptions {
  /** The queue manager in this tab, acted on first. */
  local: PlaygroundConnection;
  /** The server offered by the switch; this page's origin by default. */
  serverUrl?: string;
  serverQueueManager?: string;
  /** Default 1500 ms. */
  pollInterval?: number;
  history?: CommandHistory;
  transcriptKey?: string | null;
  /** Told each time the page starts acting on another queue manager; `isLocal` when it is the tab's. */
  onConnectionChange?(connection: PlaygroundConnection, isLocal: boolean): void;
}

export interface Workbench {
  readonly element: HTMLElement;
  readonly console: MqscConsole;
  readonly picker: ConnectionPicker;
  readonly queues: QueueTable;
  readonly chart: DepthChart;
  readonly messages: MessagePanel;
  readonly connection: PlaygroundConnection;
  /** Makes the page act on another queue manager. */
  use(connection: PlaygroundConnection): Promise<void>;
  /** Reads the queue list now and redraws the table and the chart. */
  refresh(): Promise<void>;
  dispose(): void;
}

export function mountWorkbench(parent: HTMLElement, options: WorkbenchOptions): Workbench {
  const element = document.createElement("div");
  element.className = "workbench";
  const consoleColumn = document.createElement("div");
  consoleColumn.className = "workbench-console";
  const queuesColumn = document.createElement("div");
  queuesColumn.className = "workbench-queues";
  const heading = document.createElement("h3");
  const note = document.createElement("p");
  note.className = "queue-note";
  note.setAttribute("aria-live", "polite");
  parent.appendChild(element);

  let connection = options.local;
  const picker = mountConnectionPicker(element, {
    local: options.local,
    serverUrl: options.serverUrl ?? location.origin,
    queueManager: options.serverQueueManager,
    onSwitch: (next) => use(next),
  });
  element.appendChild(consoleColumn);
  element.appendChild(queuesColumn);
  const mqscConsole = mountConsole(consoleColumn, {
    queueManager: consoleTarget(connection),
    history: options.history,
    transcriptKey: options.transcriptKey,
    onRun: () => void refresh(),
  });
  queuesColumn.appendChild(heading);
  const queues = mountQueueTable(queuesColumn, (queue) => messages.choose(queue));
  queuesColumn.appendChild(note);
  const chart = mountDepthChart(queuesColumn);
  const messages = mountMessagePanel(element, connection, () => void refresh());

  let reading: Promise<void> | undefined;
  let again = false;

  /** One read at a time; a refresh asked for during one runs once more after it. */
  function refresh(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    const from = connection;
    reading = from
      .listQueues()
      .then(
        (list) => {
          if (from !== connection) return; // answered for the queue manager the page has left
          queues.show(list);
          chart.record(list);
          messages.setQueues(list.map((queue) => queue.name));
          note.className = "queue-note";
          note.textContent = "";
        },
        (error: unknown) => {
          if (from !== connection) return;
          note.className = "queue-note error";
          note.textContent = `The queues could not be read: ${error instanceof Error ? error.message : String(error)}`;
        },
      )
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          void refresh();
        }
      });
    return reading;
  }

  async function use(next: PlaygroundConnection): Promise<void> {
    connection = next;
    options.onConnectionChange?.(next, next === options.local);
    heading.textContent = `Local queues of ${next.queueManagerName}`;
    chart.reset();
    queues.show([]);
    messages.setConnection(next);
    await mqscConsole.use(consoleTarget(next));
    await refresh();
  }

  heading.textContent = `Local queues of ${connection.queueManagerName}`;
  const timer = setInterval(() => void refresh(), options.pollInterval ?? 1500);
  void refresh();

  return {
    element,
    console: mqscConsole,
    picker,
    queues,
    chart,
    messages,
    get connection() {
      return connection;
    },
    use,
    refresh,
    dispose() {
      clearInterval(timer);
      mqscConsole.dispose();
      element.remove();
    },
  };
}

function consoleTarget(connection: PlaygroundConnection) {
  return { name: connection.queueManagerName, mqsc: (script: string) => connection.runMqsc(script) };
}
