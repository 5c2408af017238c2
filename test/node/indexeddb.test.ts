import "fake-indexeddb/auto";
import { indexedDBHarness } from "../contract/indexeddb-harness.js";
import { testAllContracts } from "../contract/index.js";

testAllContracts("IndexedDB (fake-indexeddb, node)", indexedDBHarness, { crashPoints: 1000 });
