// GET /api/events - server-sent events for the live console: halts recorded / acknowledged, settings changed, run events (viewer)
import { processConsoleEventHub } from "@/lib/events/console-event-hub";
import { formatSseComment, formatSseEvent } from "@/lib/events/sse-format";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

/** Interval of the heartbeat comment that keeps idle connections (and proxies) open. */
const HEARTBEAT_MS = 15_000;

export const GET = withAuth({ role: "viewer" }, async ({ request }) => {
  const encoder = new TextEncoder();
  let close = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let unsubscribe = () => {};
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      // The first event arrives at once, so clients (and tests) know the stream is open.
      send(`retry: 5000\n${formatSseEvent("ready", { heartbeat_ms: HEARTBEAT_MS })}`);
      unsubscribe = processConsoleEventHub().subscribe((event) =>
        send(formatSseEvent(event.type, event.data)),
      );
      heartbeat = setInterval(() => send(formatSseComment("heartbeat")), HEARTBEAT_MS);
      if (request.signal.aborted) close();
      else request.signal.addEventListener("abort", () => close(), { once: true });
    },
    cancel() {
      close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
});
