/** Where a halt stands with auto-escalation (pure; the clock is passed in). */
export type EscalationStatus =
  | { kind: "escalated"; at: string }
  | { kind: "acknowledged" }
  | { kind: "notConfigured" }
  | { kind: "pending"; deadline: Date; minutesLeft: number }
  | { kind: "overdue"; deadline: Date };

/**
 * `escalated_at` set -> escalated; acknowledged -> nothing pending; otherwise the condition's
 * `escalate_after_minutes` from the trigger time gives the deadline (the runtime's job escalates within
 * a minute after it). No delay configured -> notConfigured.
 */
export function escalationStatus(
  halt: { triggered_at: string; acknowledged: boolean; escalated_at?: string | null },
  escalateAfterMinutes: number | null | undefined,
  now: Date,
): EscalationStatus {
  if (halt.escalated_at) return { kind: "escalated", at: halt.escalated_at };
  if (halt.acknowledged) return { kind: "acknowledged" };
  if (escalateAfterMinutes === null || escalateAfterMinutes === undefined) return { kind: "notConfigured" };
  const deadline = new Date(new Date(halt.triggered_at).getTime() + escalateAfterMinutes * 60_000);
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return { kind: "overdue", deadline };
  return { kind: "pending", deadline, minutesLeft: Math.ceil(left / 60_000) };
}
