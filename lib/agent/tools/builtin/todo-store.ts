/**
 * The per-run plan the model maintains with `agent_todo_update`. The tool replaces the whole list on
 * every call; run finalization reads the last list (`latest()`) and its open count for the todo gate.
 * In memory only, one store per run; never shared between runs.
 */

/** Status of one plan item. `pending` and `active` items are open. */
export type TodoStatus = "pending" | "active" | "done" | "cancelled";

/** One plan item as stored (ids are always present; the tool assigns missing ones). */
export interface TodoItem {
  id: string;
  content: string;
  status: TodoStatus;
}

/** The run's latest plan. */
export interface TodoStore {
  /** The last list written, or null when the model never wrote one. Returns a copy. */
  latest(): TodoItem[] | null;
  /** Items of the latest list that are `pending` or `active` (0 when there is no list). */
  openCount(): number;
  /** Replaces the whole list (the tool calls this only after validation). */
  replace(items: readonly TodoItem[]): void;
}

/** True for statuses that still need work. */
export function isOpenTodoStatus(status: TodoStatus): boolean {
  return status === "pending" || status === "active";
}

/** A fresh, empty in-memory store for one run. */
export function createTodoStore(): TodoStore {
  let items: TodoItem[] | null = null;
  return {
    latest: () => (items === null ? null : items.map((item) => ({ ...item }))),
    openCount: () => (items ?? []).filter((item) => isOpenTodoStatus(item.status)).length,
    replace(next) {
      items = next.map((item) => ({ ...item }));
    },
  };
}
