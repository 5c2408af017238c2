import { indexedDBHarness } from "../contract/indexeddb-harness.js";
import { testQueueManager } from "../contract/manager.contract.js";
import { testMqsc } from "../contract/mqsc.contract.js";
import { testObjects } from "../contract/objects.contract.js";
import { testStore } from "../contract/store.contract.js";
import { testLimitsAndSyncpoint } from "../contract/limits-and-syncpoint.contract.js";

testStore("IndexedDB (Chromium)", indexedDBHarness);
testQueueManager("IndexedDB (Chromium)", indexedDBHarness);
testObjects("IndexedDB (Chromium)", indexedDBHarness);
testMqsc("IndexedDB (Chromium)", indexedDBHarness);
testLimitsAndSyncpoint("IndexedDB (Chromium)", indexedDBHarness);
