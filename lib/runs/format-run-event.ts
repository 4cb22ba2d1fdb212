/**
 * One readable line per run event, for `keel run` (and logs): what happened and what each guard did.
 * Pure; unknown event types print their type and JSON, so new events never break the CLI.
 */
import type { RunEvent } from "@/lib/schemas/runs";

const oneLine = (text: unknown, max = 160): string => {
  const flat = String(text ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function formatRunEvent(event: Pick<RunEvent, "seq" | "type" | "data">): string {
  const data = event.data as Record<string, unknown>;
  const step = typeof data.step === "number" ? `step ${data.step} ` : "";
  const body = ((): string => {
    switch (event.type) {
      case "run.queued":
        return `queued (${data.kind}) by ${data.createdBy}: ${oneLine(data.task)}`;
      case "run.started":
        return `started on ${data.model}, settings v${data.settingsVersion}, tools: ${(data.tools as string[] | undefined)?.join(", ") || "none"}`;
      case "run.flags_changed":
        return `${step}switches changed (v${data.settingsVersion}): ${(data.changed as string[]).join(", ")}`;
      case "model.reply": {
        const calls = (data.toolCalls as { name: string }[] | undefined) ?? [];
        const what =
          calls.length > 0
            ? `calls ${calls.map((call) => call.name).join(", ")}`
            : `says "${oneLine(data.text, 100)}"`;
        const purpose = data.purpose === "step" ? "" : ` [${data.purpose}]`;
        return `${step}model${purpose} ${what} (${data.durationMs} ms)`;
      }
      case "scaffolding.stripped":
        return `${step}scaffolding filter stripped ${data.strippedChars} chars: ${oneLine((data.previews as string[])[0], 80)}`;
      case "scaffolding.recovery":
        return `${step}reply was scaffolding only: one recovery request, tools off`;
      case "tool.start":
        return `${step}→ ${data.name} ${oneLine(data.args, 100)}`;
      case "tool.end": {
        const segments = (data.quarantinedSegments as { count: number }).count;
        const quarantine = !data.quarantineEnabled
          ? "quarantine off"
          : segments > 0
            ? `QUARANTINED ${segments} segment${segments === 1 ? "" : "s"}`
            : "clean";
        const preamble = data.preambleAdded ? ", untrusted-data preamble" : "";
        return `${step}← ${data.name} ${data.ok ? "ok" : "error"}${data.statusCode === null ? "" : ` ${data.statusCode}`} (${data.classification}; ${quarantine}${preamble})`;
      }
      case "guard.shadow":
        return `${step}SHADOW ${data.guard} would have ${data.guard === "quarantine" ? `removed ${data.count} segment${data.count === 1 ? "" : "s"}` : data.guard === "scaffolding" ? `stripped ${data.count} chars` : data.guard === "audit_gate" ? `blocked this step${data.name ? ` (${data.name})` : ""}` : `given the verdict ${data.verdict}`}${(data.previews as string[]).length > 0 ? `: ${oneLine((data.previews as string[])[0], 80)}` : ""} (nothing changed)`;
      case "tool.order_rejected":
        return `${step}terminal-on-success order rule: rejected ${(data.calls as string[]).join(", ")}; no tool ran`;
      case "tool.annotation_invalid":
        return `annotation x-claw.terminalOnSuccess on ${data.name} is not a boolean (${data.value}); ignored`;
      case "audit.verdict":
        return `${step}audit gate: ${String(data.verdict).toUpperCase()}${data.failClosed ? " (fail-closed)" : ""}${data.detail ? ` — ${oneLine(data.detail, 100)}` : ""}`;
      case "audit.clarification":
        return `${step}audit clarification ${data.index}/${data.max}: ${oneLine(data.questions, 80)}`;
      case "audit.terminated":
        return `${step}audit gate TERMINATED the run: ${oneLine(data.reason, 100)}${data.haltId ? ` (halt ${data.haltId})` : ""}`;
      case "budget.wrapup":
        return `${step}tool budget of ${data.maxToolSteps} used: wrap-up turn without tools`;
      case "run.intervention":
        return `${step}intervention ${data.name}`;
      case "run.finished":
        return `finished: ${String(data.status).toUpperCase()} after ${data.toolSteps} tool step(s), ${data.durationMs} ms${data.toolBudgetExhausted ? ", tool budget exhausted" : ""}${data.scaffoldStripped ? `, ${data.scaffoldStripped} scaffolding chars stripped` : ""}${data.error ? ` — ${data.error}` : ""}`;
      default:
        return `${event.type} ${oneLine(JSON.stringify(data), 140)}`;
    }
  })();
  return `#${String(event.seq).padStart(3, " ")} ${body}`;
}
