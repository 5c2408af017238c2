import { memoryHarness } from "../contract/memory-harness.js";
import { testAllContracts } from "../contract/index.js";

testAllContracts("memory (node)", memoryHarness, { crashPoints: 1000 });
