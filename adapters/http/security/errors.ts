/**
 * The failures of authentication and authorization, in IBM's REST error shape (../errors.ts):
 * 401 MQWB0104E whatever was wrong with the credentials (never which part), 403 MQWB0103E
 * with IBM's "Not authorized to <verb> <object>." text, 429 when a client has failed too often.
 */
import { RestError } from "../errors.js";

/** 401 MQWB0104E: no credentials, or credentials that are not accepted. The text is the same for an unknown user and a wrong password. */
export function authenticationFailed(why: string): RestError {
  return new RestError({
    status: 401,
    msgId: "MQWB0104E",
    detail: why,
    action:
      "Resubmit the request with valid credentials: HTTP basic authentication, the LtpaToken2 cookie that POST .../login sets, or an Authorization: Bearer token.",
    reason: "MQRC_NOT_AUTHORIZED",
  });
}

/** 403 MQWB0103E: the user's role does not allow the request; nothing was done. */
export function notAuthorized(user: string, role: string, verb: string, object: string): RestError {
  return new RestError({
    status: 403,
    msgId: "MQWB0103E",
    inserts: [verb, object],
    detail: `The user ${JSON.stringify(user)} has the role ${role}, which does not allow this request; nothing was done.`,
    action: "Resubmit the request as a user whose role allows it (MQWebAdmin, MQWebAdminRO or MQWebUser).",
    reason: "MQRC_NOT_AUTHORIZED",
  });
}

/** 429: too many failed logins from this client; the caller adds Retry-After. */
export function tooManyFailedLogins(retryAfterSeconds: number): RestError {
  return new RestError({
    status: 429,
    msgId: "MQWB0104E",
    detail: `Too many failed authentication attempts from this client; try again in ${retryAfterSeconds} seconds. Nothing was checked.`,
    action: "Wait for the time the Retry-After header gives, then resubmit the request with valid credentials.",
    reason: "MQRC_NOT_AUTHORIZED",
  });
}

/** 400 MQWB2004E: the login body is not {"username": string, "password": string}. */
export function badLoginRequest(why: string): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB2004E",
    detail: why,
    action: 'Resubmit the login with Content-Type: application/json and a body {"username":"...","password":"..."}.',
    reason: "MQRC_FORMAT_ERROR",
  });
}
