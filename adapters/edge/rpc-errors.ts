/**
 * An MQError thrown inside a Durable Object reaches the worker over RPC as a plain Error that
 * keeps only its message (workerd carries an error's message across, not its class or its
 * fields; the message arrives as "MQError: " and the original). MQError's message starts with
 * its reason ("MQRC_Q_MGR_NAME_ERROR (2058): ..."), so the worker rebuilds it from there, and the REST API answers with the reason's status and
 * MQWB id instead of a 500. Any other error passes through as it came.
 */
import { MQError, MQCC_FAILED, MQRC } from "../../core/index.js";

const MQ_ERROR_MESSAGE = /^(?:MQError: )?((MQRC_[A-Z0-9_]+) \((\d+)\): [\s\S]*)$/;

export function fromRpc(error: unknown): unknown {
  if (error instanceof MQError || !(error instanceof Error)) return error;
  const match = MQ_ERROR_MESSAGE.exec(error.message);
  if (!match) return error;
  const [, message, reason, code] = match as unknown as [string, string, string, string];
  if (!(reason in MQRC) || MQRC[reason as keyof typeof MQRC] !== Number(code)) return error;
  return MQError.fromJSON({ name: "MQError", reason, reasonCode: Number(code), completionCode: MQCC_FAILED, message });
}

/** Awaits an RPC call, rethrowing an MQError it carried as one. */
export async function rpc<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw fromRpc(error);
  }
}
