/**
 * A stdio client transport whose `close()` is shared and complete: every caller (the SDK Client closes
 * the transport itself when initialisation fails, and Keel closes it again) awaits the same shutdown,
 * and that shutdown ends only when the child process is gone (the SDK's sequence: close stdin, wait,
 * SIGTERM, wait, SIGKILL; then this waits for the exit). Without this, a second `close()` returns at
 * once while a hung child still runs, and a process exiting right after would leave it orphaned.
 * Its stderr is always drained (a full pipe would block the child); the last lines are kept for
 * failure reports only, never logged.
 */
import { StdioClientTransport, type StdioServerParameters } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Stderr lines kept for the failure report. */
const STDERR_TAIL_LINES = 5;
/** How long to wait for a SIGKILLed child to be reaped. */
const EXIT_WAIT_MS = 2_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export class ManagedStdioTransport implements Transport {
  private readonly inner: StdioClientTransport;
  private readonly tail: string[] = [];
  private pid: number | null = null;
  private closing: Promise<void> | undefined;

  constructor(parameters: Omit<StdioServerParameters, "stderr">) {
    this.inner = new StdioClientTransport({ ...parameters, stderr: "pipe" });
    let partial = "";
    this.inner.stderr?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop()!.slice(-500);
      for (const line of lines) {
        if (line.trim() === "") continue;
        this.tail.push(line.slice(0, 300));
        if (this.tail.length > STDERR_TAIL_LINES) this.tail.shift();
      }
    });
  }

  /** The last few non-empty stderr lines of the child. */
  stderrTail(): string[] {
    return [...this.tail];
  }

  get onclose() {
    return this.inner.onclose;
  }
  set onclose(handler) {
    this.inner.onclose = handler;
  }
  get onerror() {
    return this.inner.onerror;
  }
  set onerror(handler) {
    this.inner.onerror = handler;
  }
  get onmessage() {
    return this.inner.onmessage;
  }
  set onmessage(handler) {
    this.inner.onmessage = handler as StdioClientTransport["onmessage"];
  }

  async start(): Promise<void> {
    await this.inner.start();
    this.pid = this.inner.pid;
  }

  send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message);
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    await this.inner.close();
    const pid = this.pid ?? this.inner.pid;
    if (pid === null) return;
    for (let waited = 0; isAlive(pid) && waited < EXIT_WAIT_MS; waited += 50) {
      if (waited === 0) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // it exited meanwhile
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
