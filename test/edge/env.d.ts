import type { EdgeEnv } from "../../adapters/edge/env.js";

declare global {
  namespace Cloudflare {
    interface Env extends EdgeEnv {}
  }
}
