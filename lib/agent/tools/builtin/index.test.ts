import { describe, expect, it } from "vitest";
import type { AgentTool } from "@/lib/tools/agent-tool";
import { toolSuccess } from "@/lib/tools/agent-tool";
import { createBuiltinTools, createTodoStore, DuplicateToolNameError } from "./index";

const extra = (name: string): AgentTool => ({
  name,
  description: "test tool",
  inputSchema: { type: "object" },
  source: "mcp:test",
  execute: async () => toolSuccess(),
});

describe("createBuiltinTools", () => {
  it("lists the built-ins, then the extra tools", () => {
    const tools = createBuiltinTools({
      runId: "run-1",
      todo: createTodoStore(),
      extraTools: [extra("mcp__test__x")],
    });
    expect(tools.map((tool) => tool.name)).toEqual(["agent_todo_update", "web_fetch", "mcp__test__x"]);
  });

  it("the todo tool writes the store it was given", async () => {
    const todo = createTodoStore();
    const [todoTool] = createBuiltinTools({ runId: "run-1", todo });
    await todoTool!.execute(
      { items: [{ content: "a", status: "pending" }] },
      { runId: "run-1", callId: "c", signal: new AbortController().signal },
    );
    expect(todo.openCount()).toBe(1);
  });

  it("throws on duplicate names", () => {
    expect(() =>
      createBuiltinTools({ runId: "run-1", todo: createTodoStore(), extraTools: [extra("web_fetch")] }),
    ).toThrow(DuplicateToolNameError);
  });
});
