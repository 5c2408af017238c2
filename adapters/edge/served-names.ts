/**
 * Which queue managers this Worker serves: those MQ_QUEUE_MANAGERS configures and those created
 * through the REST API, whose names the registry object keeps (queue-manager-registry.ts). The
 * registry is reached through the few RPC methods named here rather than the object's class,
 * so that the object's own modules (the channel connector) can ask without an import cycle.
 */
import { DEFAULT_QUEUE_MANAGERS, isConfiguredQueueManager, parseTokens, type EdgeEnv } from "./env.js";
import { REGISTRY_OBJECT_NAME } from "./queue-manager-registry.js";
import { rpc } from "./rpc-errors.js";

/** The registry's RPC methods (QueueManagerObject's registry*). */
interface RegistryRpc {
  registryHas(name: string): Promise<boolean>;
  registryNames(): Promise<string[]>;
}

function registry(env: EdgeEnv): RegistryRpc {
  return env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(REGISTRY_OBJECT_NAME)) as unknown as RegistryRpc;
}

/** Whether the worker serves `name`: configured, or created and not deleted since. */
export async function isServedQueueManager(env: EdgeEnv, name: string): Promise<boolean> {
  return isConfiguredQueueManager(env.MQ_QUEUE_MANAGERS, name) || (await rpc(registry(env).registryHas(name)));
}

/** The served names that can be listed: configured ones but those a generic entry (QM.*) admits, and created ones. */
export async function servedNames(env: EdgeEnv): Promise<string[]> {
  const configured = parseTokens(env.MQ_QUEUE_MANAGERS || DEFAULT_QUEUE_MANAGERS).filter((entry) => !entry.endsWith("*"));
  const created = await rpc(registry(env).registryNames());
  return [...new Set([...configured, ...created])];
}
