/* The wasm bench's program: COUNT pairs of MQPUT and MQGET (no wait, no syncpoint) of a 1 KiB
   non-persistent text message on QUEUE. Exits with the reason code of a failing call. */
#include <cmqc.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  MQOD od = {MQOD_DEFAULT};
  MQHCONN hcon;
  MQHOBJ hobj;
  MQLONG cc, reason, length;
  static char body[1024], buffer[2048];
  if (argc < 4) return 99;
  memset(body, 'x', sizeof body);
  MQCONN(argv[2], &hcon, &cc, &reason);
  if (cc == MQCC_FAILED) return (int)reason;
  strncpy(od.ObjectName, argv[1], MQ_Q_NAME_LENGTH);
  MQOPEN(hcon, &od, MQOO_INPUT_AS_Q_DEF | MQOO_OUTPUT, &hobj, &cc, &reason);
  if (cc == MQCC_FAILED) return (int)reason;
  for (int i = 0, n = atoi(argv[3]); i < n; i++) {
    MQMD md = {MQMD_DEFAULT};
    MQPMO pmo = {MQPMO_DEFAULT};
    MQGMO gmo = {MQGMO_DEFAULT};
    memcpy(md.Format, MQFMT_STRING, MQ_FORMAT_LENGTH);
    md.Persistence = MQPER_NOT_PERSISTENT;
    MQPUT(hcon, hobj, &md, &pmo, sizeof body, body, &cc, &reason);
    if (cc == MQCC_FAILED) return (int)reason;
    MQGET(hcon, hobj, &md, &gmo, sizeof buffer, buffer, &length, &cc, &reason);
    if (cc == MQCC_FAILED || length != sizeof body) return cc == MQCC_FAILED ? (int)reason : 98;
  }
  MQCLOSE(hcon, &hobj, MQCO_NONE, &cc, &reason);
  MQDISC(&hcon, &cc, &reason);
  return 0;
}
