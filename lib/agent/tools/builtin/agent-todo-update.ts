/**
 * The `agent_todo_update` tool: the model writes its whole plan each call (replace, never patch), so
 * the latest list is always complete. Items without an id get the next free number ("1", "2", ...).
 * Contract: `{ items: [{ id?, content (1..500 chars), status }] }` (at most 50 items, ids unique) ->
 * `toolSuccess({ items, open })` where `open` counts pending and active items.
 * Failure policy: invalid arguments return `invalid_arguments` (400) listing every issue, and the stored
 * list stays exactly as it was.
 */
import { z } from "zod";
import { type AgentTool, type ToolOutcome, toolError, toolSuccess } from "@/lib/tools/agent-tool";
import { formatZodIssues } from "@/lib/tools/format-zod-issues";
import { isOpenTodoStatus, type TodoItem, type TodoStore } from "./todo-store";

/** Most items one plan may hold. */
export const TODO_MAX_ITEMS = 50;
/** Longest item text. */
export const TODO_MAX_CONTENT_LENGTH = 500;

const todoItemSchema = z.object({
  id: z.string().trim().min(1).max(64).optional().describe("Stable id; omit for new items."),
  content: z.string().trim().min(1).max(TODO_MAX_CONTENT_LENGTH),
  status: z.enum(["pending", "active", "done", "cancelled"]),
});

/** The tool's arguments (shared with tests and any UI that renders the plan). */
export const todoUpdateArgumentsSchema = z.object({
  items: z
    .array(todoItemSchema)
    .max(TODO_MAX_ITEMS)
    .superRefine((items, context) => {
      const seen = new Set<string>();
      for (const [index, item] of items.entries()) {
        if (item.id === undefined) continue;
        if (seen.has(item.id))
          context.addIssue({ code: "custom", path: [index, "id"], message: `Duplicate id "${item.id}"` });
        seen.add(item.id);
      }
    })
    .describe("The complete plan; replaces the previous list."),
});

/** Fills missing ids with the lowest unused positive numbers, in list order. */
function assignIds(items: z.infer<typeof todoUpdateArgumentsSchema>["items"]): TodoItem[] {
  const used = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  let counter = 0;
  return items.map((item) => {
    let id = item.id;
    while (id === undefined) {
      counter += 1;
      if (!used.has(String(counter))) id = String(counter);
    }
    used.add(id);
    return { id, content: item.content, status: item.status };
  });
}

/** Creates `agent_todo_update` writing to `store`. */
export function createTodoUpdateTool(store: TodoStore): AgentTool {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(todoUpdateArgumentsSchema, { io: "input" });
  return {
    name: "agent_todo_update",
    description:
      "Write your task plan. Send the COMPLETE list every time (it replaces the previous one): each item has content and a status (pending, active, done, cancelled); keep ids of existing items. Before you finish, every item must be done or cancelled.",
    inputSchema: inputSchema as AgentTool["inputSchema"],
    source: "catalog",
    async execute(args: unknown): Promise<ToolOutcome> {
      const parsed = todoUpdateArgumentsSchema.safeParse(args);
      if (!parsed.success)
        return toolError(
          "invalid_arguments",
          `Invalid agent_todo_update arguments (the plan was not changed): ${formatZodIssues(parsed.error.issues)}`,
          400,
        );
      const items = assignIds(parsed.data.items);
      store.replace(items);
      return toolSuccess({ items, open: items.filter((item) => isOpenTodoStatus(item.status)).length });
    },
  };
}
