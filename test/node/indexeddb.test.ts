import "fake-indexeddb/auto";
import { indexedDBHarness } from "../contract/indexeddb-harness.js";
import { testQueueManager } from "../contract/manager.contract.js";
import { testMqsc } from "../contract/mqsc.contract.js";
import { testObjects } from "../contract/objects.contract.js";
import { testStore } from "../contract/store.contract.js";
import { testLimitsAndSyncpoint } from "../contract/limits-and-syncpoint.contract.js";
import { testJms } from "../contract/jms.contract.js";
import { testSelectors } from "../contract/selector.contract.js";
import { testCrashPoints } from "../contract/crash-points.contract.js";

testStore("IndexedDB (fake-indexeddb, node)", indexedDBHarness);
testQueueManager("IndexedDB (fake-indexeddb, node)", indexedDBHarness);
testObjects("IndexedDB (fake-indexeddb, node)", indexedDBHarness);
testMqsc("IndexedDB (fake-indexeddb, node)", indexedDBHarness);
testLimitsAndSyncpoint("IndexedDB (fake-indexeddb, node)", indexedDBHarness);
testJms("IndexedDB (fake-indexeddb, node)", indexedDBHarness);
testSelectors("IndexedDB (fake-indexeddb, node)", indexedDBHarness);
testCrashPoints("IndexedDB (fake-indexeddb, node)", indexedDBHarness, { points: 1000 });
