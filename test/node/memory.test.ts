import { memoryHarness } from "../contract/memory-harness.js";
import { testQueueManager } from "../contract/manager.contract.js";
import { testMqsc } from "../contract/mqsc.contract.js";
import { testObjects } from "../contract/objects.contract.js";
import { testStore } from "../contract/store.contract.js";
import { testLimitsAndSyncpoint } from "../contract/limits-and-syncpoint.contract.js";
import { testJms } from "../contract/jms.contract.js";
import { testSelectors } from "../contract/selector.contract.js";
import { testCrashPoints } from "../contract/crash-points.contract.js";

testStore("memory (node)", memoryHarness);
testQueueManager("memory (node)", memoryHarness);
testObjects("memory (node)", memoryHarness);
testMqsc("memory (node)", memoryHarness);
testLimitsAndSyncpoint("memory (node)", memoryHarness);
testJms("memory (node)", memoryHarness);
testSelectors("memory (node)", memoryHarness);
testCrashPoints("memory (node)", memoryHarness, { points: 1000 });
