/**
 * A playground tutorial mounted in this page as main.ts mounts it: on a queue manager of its
 * own (a fresh IndexedDB database per test file), with the timeline beside it; all of it
 * disposed of, closed and deleted after the file's tests. Read the fields inside tests.
 */
import { afterAll, beforeAll } from "vitest";
import { openLocalBrowserQueueManager } from "../../../adapters/browser/index.js";
import type { QueueManager } from "../../../core/index.js";
import { timelineFor } from "./timeline-rows.js";

export interface MountedTutorial<T> {
  host: HTMLElement;
  qm: QueueManager;
  tutorial: T;
  timeline: ReturnType<typeof timelineFor>;
}

export function mountedTutorial<T extends { dispose(): Promise<void> }>(
  name: string,
  mount: (host: HTMLElement, qm: QueueManager) => Promise<T>,
): MountedTutorial<T> {
  const databaseName = `webmq-${name}-test-${Date.now().toString(36)}`;
  const mounted = {} as MountedTutorial<T>;
  beforeAll(async () => {
    mounted.host = document.body.appendChild(document.createElement("div"));
    mounted.qm = await openLocalBrowserQueueManager({ name: "PLAYGROUND", databaseName });
    mounted.timeline = timelineFor(mounted.qm);
    mounted.tutorial = await mount(mounted.host, mounted.qm);
  });
  afterAll(async () => {
    await mounted.tutorial.dispose();
    await mounted.qm.close();
    mounted.host.remove();
    mounted.timeline.remove();
    indexedDB.deleteDatabase(databaseName);
  });
  return mounted;
}
