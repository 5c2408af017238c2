import { indexedDBHarness } from "../contract/indexeddb-harness.js";
import { testQueueManager } from "../contract/manager.contract.js";
import { testMqsc } from "../contract/mqsc.contract.js";
import { testObjects } from "../contract/objects.contract.js";
import { testStore } from "../contract/store.contract.js";

testStore("IndexedDB (Chromium)", indexedDBHarness);
testQueueManager("IndexedDB (Chromium)", indexedDBHarness);
testObjects("IndexedDB (Chromium)", indexedDBHarness);
testMqsc("IndexedDB (Chromium)", indexedDBHarness);
