import type { Config } from "./config";
import { ConfigError, loadConfig } from "./config";

/** The configuration from the environment; a bad value prints its message and ends the process (exit 1). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * On SIGTERM or SIGINT, runs `stop` once, then exits 0 (1 if it failed). Whatever happens, the process ends within
 * 10 s of the signal (docs/decisions/0020-process-model.md).
 */
export function exitCleanlyOnSignals(stop: (signal: string) => Promise<void>) {
  let closing = false;
  const onSignal = async (signal: string) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      console.error("Stopping took longer than 10 s: exiting.");
      process.exit(1);
    }, 9_500).unref();
    try {
      await stop(signal);
      process.exit(0);
    } catch (err) {
      console.error("Stopping failed:", err);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void onSignal("SIGINT"));
  process.on("SIGTERM", () => void onSignal("SIGTERM"));
}
