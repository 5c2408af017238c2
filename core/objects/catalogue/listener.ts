/**
 * Attribute catalogue for listeners: MQSC DEFINE / ALTER / DELETE / DISPLAY LISTENER (synonym
 * LSTR), START / STOP LISTENER and DISPLAY LSSTATUS. A listener is the process that accepts MQ
 * client and channel connections on a TCP port.
 *
 * Data from IBM MQ 9.x documentation for Multiplatforms: the DEFINE LISTENER syntax diagram and
 * parameter descriptions (defaults TRPTYPE(TCP) as SYSTEM.DEFAULT.LISTENER.TCP has it, PORT(0),
 * IPADDR(' '), BACKLOG(0): "stored as zero ... when the listener is started, the default backlog
 * value takes effect", CONTROL(MANUAL), DESCR(' ')). The Windows-only attributes (ADAPTER,
 * COMMANDS, LOCLNAME, NTBNAMES, SESSIONS, SOCKET, TPNAME) and the transport types that need them
 * (LU62, NETBIOS, SPX) are left out: this queue manager reports itself as a Unix platform.
 *
 * No listener here opens a socket (the queue manager is reached over HTTP, and a browser or an
 * edge worker cannot listen on a TCP port): START LISTENER records a logical RUNNING state, see
 * core/manager/listeners.ts.
 */
import type { ObjectTypeSpec } from "./types.js";

export const LISTENER: ObjectTypeSpec = {
  mqscType: "LISTENER",
  synonyms: ["LSTR"],
  attributes: [
    {
      name: "transportType",
      keyword: "TRPTYPE",
      type: { kind: "enum", values: { tcp: "TCP" } },
      default: "tcp",
    },
    {
      name: "port",
      keyword: "PORT",
      type: { kind: "integer", min: 0, max: 65535 },
      default: 0,
    },
    {
      // IPv4 dotted decimal, IPv6 hexadecimal or a host name; blank listens on every address.
      name: "ipAddress",
      keyword: "IPADDR",
      type: { kind: "string", maxLength: 264 },
      default: "",
    },
    {
      name: "backlog",
      keyword: "BACKLOG",
      type: { kind: "integer", min: 0, max: 999999999 },
      default: 0,
    },
    {
      name: "control",
      keyword: "CONTROL",
      type: { kind: "enum", values: { manual: "MANUAL", queueManager: "QMGR", startOnly: "STARTONLY" } },
      default: "manual",
    },
    {
      name: "description",
      keyword: "DESCR",
      type: { kind: "string", maxLength: 64 },
      default: "",
    },
  ],
};
