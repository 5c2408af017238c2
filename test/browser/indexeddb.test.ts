import { indexedDBHarness } from "../contract/indexeddb-harness.js";
import { testAllContracts } from "../contract/index.js";

testAllContracts("IndexedDB (Chromium)", indexedDBHarness, { crashPoints: 50 });
