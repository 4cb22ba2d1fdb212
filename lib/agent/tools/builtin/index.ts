/**
 * The built-in tool catalog of one run: `agent_todo_update` (writes the run's TodoStore) and `web_fetch`,
 * plus any extra tools the caller passes (MCP tools, test doubles). Tool names must be unique; a
 * duplicate is a programming or configuration error and throws at creation, before the run starts.
 */
import type { AgentTool } from "@/lib/tools/agent-tool";
import { createTodoUpdateTool } from "./agent-todo-update";
import type { TodoStore } from "./todo-store";
import { createWebFetchTool, type WebFetchOptions } from "./web-fetch";

export { createTodoUpdateTool, todoUpdateArgumentsSchema } from "./agent-todo-update";
export { htmlToText } from "./html-to-text";
export {
  createTodoStore,
  isOpenTodoStatus,
  type TodoItem,
  type TodoStatus,
  type TodoStore,
} from "./todo-store";
export { createWebFetchTool, type WebFetchOptions } from "./web-fetch";

/** What a run's catalog is built from. */
export interface BuiltinToolsOptions {
  runId: string;
  /** The run's plan store (see createTodoStore). */
  todo: TodoStore;
  /** web_fetch deployment options (allowlist, timeout, size cap). */
  webFetch?: WebFetchOptions;
  /** Appended after the built-ins, e.g. the tools of connected MCP servers. */
  extraTools?: AgentTool[];
}

/** Thrown when two tools of one catalog share a name. */
export class DuplicateToolNameError extends Error {}

/** The run's tools: built-ins first, then `extraTools`. Throws DuplicateToolNameError on a name clash. */
export function createBuiltinTools(options: BuiltinToolsOptions): AgentTool[] {
  const tools = [
    createTodoUpdateTool(options.todo),
    createWebFetchTool(options.webFetch),
    ...(options.extraTools ?? []),
  ];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.name))
      throw new DuplicateToolNameError(`Run ${options.runId}: two tools are named "${tool.name}".`);
    seen.add(tool.name);
  }
  return tools;
}
