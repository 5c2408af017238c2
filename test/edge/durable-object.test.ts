import { durableObjectHarness } from "../contract/durable-object-harness.js";
import { testQueueManager } from "../contract/manager.contract.js";
import { testMqsc } from "../contract/mqsc.contract.js";
import { testObjects } from "../contract/objects.contract.js";
import { testStore } from "../contract/store.contract.js";

testStore("Durable Object SQLite (workerd)", durableObjectHarness);
testQueueManager("Durable Object SQLite (workerd)", durableObjectHarness);
testObjects("Durable Object SQLite (workerd)", durableObjectHarness);
testMqsc("Durable Object SQLite (workerd)", durableObjectHarness);
