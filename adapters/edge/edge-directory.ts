/**
 * The edge's queue managers for the admin resources: those MQ_QUEUE_MANAGERS configures and
 * those created through the REST API, whose names the registry object keeps
 * (queue-manager-registry.ts). Each queue manager is asked about itself in its own Durable
 * Object, over RPC.
 */
import { MQError } from "../../core/index.js";
import { configuredQueueManager, queueManagerExists } from "../http/errors.js";
import type { QueueManagerDirectory } from "../http/queue-manager-directory.js";
import { isConfiguredQueueManager, type EdgeEnv } from "./env.js";
import type { QueueManagerObject } from "./queue-manager-object.js";
import { REGISTRY_OBJECT_NAME } from "./queue-manager-registry.js";
import { rpc } from "./rpc-errors.js";
import { isServedQueueManager, servedNames } from "./served-names.js";

export { isServedQueueManager };

function objectFor(env: EdgeEnv, name: string): DurableObjectStub<QueueManagerObject> {
  return env.QUEUE_MANAGERS.get(env.QUEUE_MANAGERS.idFromName(name)) as DurableObjectStub<QueueManagerObject>;
}

function registry(env: EdgeEnv): DurableObjectStub<QueueManagerObject> {
  return objectFor(env, REGISTRY_OBJECT_NAME);
}

export function edgeDirectory(env: EdgeEnv): QueueManagerDirectory {
  const unknown = (name: string) => new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${name} here`);
  return {
    // A generic entry (QM.*) admits names it cannot list: only the ones it names whole are listed.
    names: () => servedNames(env),
    async describe(name) {
      if (!(await isServedQueueManager(env, name))) throw unknown(name);
      return rpc(objectFor(env, name).describeQueueManager(name));
    },
    async create(name) {
      if (isConfiguredQueueManager(env.MQ_QUEUE_MANAGERS, name) || !(await rpc(registry(env).registryAdd(name)))) throw queueManagerExists(name);
      try {
        // Opened now, from nothing, so that it has its default objects before the first request.
        await rpc(objectFor(env, name).createQueueManager(name));
      } catch (error) {
        await rpc(registry(env).registryRemove(name));
        throw error;
      }
    },
    async delete(name) {
      if (isConfiguredQueueManager(env.MQ_QUEUE_MANAGERS, name)) throw configuredQueueManager(name);
      if (!(await rpc(registry(env).registryHas(name)))) throw unknown(name);
      // The object first: from here on it refuses requests (2058), and a crtmqm of the name
      // meanwhile is 409 (still registered), so that no crtmqm's new queue manager is deleted
      // by this dltmqm, nor left registered on an object that refuses it.
      await rpc(objectFor(env, name).deleteQueueManager());
      if (!(await rpc(registry(env).registryRemove(name)))) throw unknown(name);
    },
  };
}
