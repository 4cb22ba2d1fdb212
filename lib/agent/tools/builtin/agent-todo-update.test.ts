import { describe, expect, it } from "vitest";
import type { ToolCallContext } from "@/lib/tools/agent-tool";
import { createTodoUpdateTool } from "./agent-todo-update";
import { createTodoStore } from "./todo-store";

const context: ToolCallContext = { runId: "run-1", callId: "call-1", signal: new AbortController().signal };

function setup() {
  const store = createTodoStore();
  return { store, tool: createTodoUpdateTool(store) };
}

describe("agent_todo_update", () => {
  it("declares an object schema with the item constraints", () => {
    const { tool } = setup();
    expect(tool.name).toBe("agent_todo_update");
    expect(tool.source).toBe("catalog");
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.inputSchema.required).toEqual(["items"]);
    expect(JSON.stringify(tool.inputSchema)).toContain('"maxItems":50');
    expect(tool.inputSchema.$schema).toBeUndefined();
  });

  it("replaces the whole list, assigns missing ids and counts open items", async () => {
    const { store, tool } = setup();
    expect(store.latest()).toBeNull();
    expect(store.openCount()).toBe(0);

    const first = await tool.execute(
      {
        items: [
          { content: "Read the ticket", status: "done" },
          { id: "2", content: "Draft the reply", status: "active" },
          { content: "Send it", status: "pending" },
        ],
      },
      context,
    );
    const items = [
      { id: "1", content: "Read the ticket", status: "done" },
      { id: "2", content: "Draft the reply", status: "active" },
      { id: "3", content: "Send it", status: "pending" },
    ];
    expect(first).toEqual({ envelope: { ok: true, status_code: 200, data: { items, open: 2 } } });
    expect(store.latest()).toEqual(items);
    expect(store.openCount()).toBe(2);

    await tool.execute({ items: [{ id: "3", content: "Send it", status: "cancelled" }] }, context);
    expect(store.latest()).toEqual([{ id: "3", content: "Send it", status: "cancelled" }]);
    expect(store.openCount()).toBe(0);

    await tool.execute({ items: [] }, context);
    expect(store.latest()).toEqual([]);
  });

  it("returns copies: changing a returned list does not change the store", async () => {
    const { store, tool } = setup();
    await tool.execute({ items: [{ content: "a", status: "pending" }] }, context);
    store.latest()![0]!.status = "done";
    expect(store.openCount()).toBe(1);
  });

  it.each([
    ["no items key", {}, "items: Invalid input"],
    ["not an object", "plan", "(root): Invalid input"],
    ["empty content", { items: [{ content: "  ", status: "pending" }] }, "items[0].content"],
    ["too long content", { items: [{ content: "x".repeat(501), status: "pending" }] }, "items[0].content"],
    ["bad status", { items: [{ content: "a", status: "started" }] }, "items[0].status"],
    [
      "too many items",
      { items: Array.from({ length: 51 }, () => ({ content: "a", status: "pending" })) },
      "items: Too big",
    ],
    [
      "duplicate ids",
      {
        items: [
          { id: "a", content: "x", status: "pending" },
          { id: "a", content: "y", status: "done" },
        ],
      },
      'items[1].id: Duplicate id "a"',
    ],
  ])("rejects %s with invalid_arguments and keeps the previous list", async (_label, args, mentions) => {
    const { store, tool } = setup();
    await tool.execute({ items: [{ content: "keep me", status: "active" }] }, context);
    const outcome = await tool.execute(args, context);
    expect(outcome.envelope.ok).toBe(false);
    if (outcome.envelope.ok) return;
    expect(outcome.envelope.status_code).toBe(400);
    expect(outcome.envelope.error.code).toBe("invalid_arguments");
    expect(outcome.envelope.error.message).toContain(mentions);
    expect(store.latest()).toEqual([{ id: "1", content: "keep me", status: "active" }]);
  });

  it("lists every issue in one message", async () => {
    const { tool } = setup();
    const outcome = await tool.execute(
      { items: [{ content: "", status: "x" }, { status: "done" }] },
      context,
    );
    const message = outcome.envelope.ok ? "" : outcome.envelope.error.message;
    expect(message).toContain("items[0].content");
    expect(message).toContain("items[0].status");
    expect(message).toContain("items[1].content");
  });

  it("skips ids already taken when it numbers new items", async () => {
    const { tool } = setup();
    const outcome = await tool.execute(
      {
        items: [
          { content: "new", status: "pending" },
          { id: "1", content: "old", status: "done" },
        ],
      },
      context,
    );
    expect(
      outcome.envelope.ok &&
        (outcome.envelope.data as { items: { id: string }[] }).items.map((item) => item.id),
    ).toEqual(["2", "1"]);
  });
});
