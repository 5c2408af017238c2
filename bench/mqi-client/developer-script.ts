import { fileURLToPath } from "node:url";

/** IBM's developer configuration (the conformance copy the tests run), whose one template value is CHCKCLNT. */
export const DEVELOPER_SCRIPT = fileURLToPath(
  new URL("../../test/fixtures/conformance/mqsc/mq-container__incubating__mqadvanced-server-dev__10-dev.mqsc.tpl", import.meta.url),
);
