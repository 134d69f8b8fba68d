import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Accepted = { from: string; to: string[]; raw: string };

/**
 * A local SMTP server for tests. It counts only messages it accepted: one whose transfer is cut off or answered
 * with an error is not counted. `refuse(n)` answers the next n recipients "451 try later"; `stallNext()` holds the
 * next message's end of data until the returned `release` answers it (to kill a worker mid-job).
 */
export async function startSmtp() {
  const accepted: Accepted[] = [];
  let refusals = 0;
  let stall: { reached: () => void; release?: (err?: Error) => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals--;
        return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => {
        raw += c.toString("utf8");
      });
      stream.on("end", () => {
        const accept = () => {
          accepted.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        };
        if (!stall) return accept();
        const held = stall;
        stall = null;
        held.release = (err) => (err ? callback(err) : accept());
        held.reached();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    to: (address: string) => accepted.filter((m) => m.to.includes(address)),
    refuse(n: number) {
      refusals = n;
    },
    /** Resolves once the next message is being received; then `release(err?)` answers it. */
    stallNext() {
      let reached!: () => void;
      const arrived = new Promise<void>((r) => {
        reached = r;
      });
      const held: { reached: () => void; release?: (err?: Error) => void } = { reached };
      stall = held;
      return { arrived, release: (err?: Error) => held.release?.(err) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it holds, or fails after `ms`. */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`still not true after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
