import { indexedDBHarness } from "../contract/indexeddb-harness.js";
import { testQueueManager } from "../contract/manager.contract.js";
import { testMqsc } from "../contract/mqsc.contract.js";
import { testObjects } from "../contract/objects.contract.js";
import { testStore } from "../contract/store.contract.js";
import { testLimitsAndSyncpoint } from "../contract/limits-and-syncpoint.contract.js";
import { testJms } from "../contract/jms.contract.js";
import { testSelectors } from "../contract/selector.contract.js";
import { testCrashPoints } from "../contract/crash-points.contract.js";

testStore("IndexedDB (Chromium)", indexedDBHarness);
testQueueManager("IndexedDB (Chromium)", indexedDBHarness);
testObjects("IndexedDB (Chromium)", indexedDBHarness);
testMqsc("IndexedDB (Chromium)", indexedDBHarness);
testLimitsAndSyncpoint("IndexedDB (Chromium)", indexedDBHarness);
testJms("IndexedDB (Chromium)", indexedDBHarness);
testSelectors("IndexedDB (Chromium)", indexedDBHarness);
testCrashPoints("IndexedDB (Chromium)", indexedDBHarness, { points: 50 });
