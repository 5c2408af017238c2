/**
 * The one entry to the store contracts: `testAllContracts(name, harness, options)` runs every
 * suite below on the store the harness opens, as unstorage's `testDriver` does for its drivers.
 * Each runtime's runner (test/node/memory.test.ts, test/node/indexeddb.test.ts,
 * test/edge/durable-object.test.ts, test/browser/indexeddb.test.ts) calls it once, so a
 * contract added to STORE_CONTRACTS runs on every store in every runtime;
 * test/node/contract-entry.test.ts fails if a store contract is left out of it or a runner
 * calls one by itself.
 *
 * Every harness gives what every contract needs: a storage opened again and again (a restart)
 * and a store the suite may wrap (crash points, failing commits). What differs between
 * runtimes is only how much a contract can afford there, which `ContractOptions` says.
 */
import { testAuthorityRecords } from "./authority.contract.js";
import { testCrashPoints } from "./crash-points.contract.js";
import { testDepthEvents } from "./depth-events.contract.js";
import { testDispatch } from "./dispatch.contract.js";
import type { StoreHarness } from "./harness.js";
import { testJms } from "./jms.contract.js";
import { testLimitsAndSyncpoint } from "./limits-and-syncpoint.contract.js";
import { testExpiry, testListener } from "./listener.contract.js";
import { testQueueManager } from "./manager.contract.js";
import { testMqsc } from "./mqsc.contract.js";
import { testObjects } from "./objects.contract.js";
import { testPubSub } from "./pubsub.contract.js";
import { testQueueLimits } from "./queue-limits.contract.js";
import { testRouting } from "./routing.contract.js";
import { testSelectors } from "./selector.contract.js";
import { testStore } from "./store.contract.js";
import { testTriggering } from "./triggering.contract.js";

export type { StoreHarness } from "./harness.js";

export interface ContractOptions {
  /**
   * How many commits testCrashPoints kills the store at, one workload each (1 up to this).
   * A store whose commits are slow (SQLite in workerd, a browser's IndexedDB) walks fewer.
   */
  crashPoints?: number;
}

const DEFAULTS: Required<ContractOptions> = { crashPoints: 50 };

type StoreContract = (name: string, harness: StoreHarness, options: Required<ContractOptions>) => void;

/** Every store contract, in the order their suites are reported. */
const STORE_CONTRACTS: readonly StoreContract[] = [
  testStore,
  testQueueManager,
  testObjects,
  testRouting,
  testMqsc, // and testMqscListeners
  testAuthorityRecords,
  testLimitsAndSyncpoint,
  testJms,
  testDispatch,
  (name, harness) => testListener(name, harness),
  testExpiry,
  testQueueLimits,
  testTriggering,
  testSelectors,
  testPubSub,
  testDepthEvents,
  (name, harness, options) => testCrashPoints(name, harness, { points: options.crashPoints }),
];

/** Runs every store contract on `harness`; `name` says which store in which runtime, in each suite's title. */
export function testAllContracts(name: string, harness: StoreHarness, options: ContractOptions = {}): void {
  const resolved = { ...DEFAULTS, ...options };
  for (const contract of STORE_CONTRACTS) contract(name, harness, resolved);
}
