"use client";

import { useFormatter } from "next-intl";
import type { ReactNode } from "react";
import { durationParts } from "./run-events";

/** Small building blocks shared by the timeline's per-type event views. */

/** A definition list of short facts ("Tool: web_fetch", "Status: 200"). */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800">{children}</dl>;
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-wrap items-baseline gap-x-1" data-testid={testId}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Text the model or a tool produced: monospace, whitespace kept, long lines wrapped (never scrolls). */
export function TextBlock({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <pre
      data-testid={testId}
      className="mt-1 rounded bg-slate-100 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]"
    >
      {children}
    </pre>
  );
}

/** A yes/no fact written out with a symbol, so it never depends on colour. */
export function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <span className={value ? "font-medium text-slate-900" : "text-slate-700"}>
      <span aria-hidden="true">{value ? "● " : "○ "}</span>
      {value ? yes : no}
    </span>
  );
}

/** A tinted word pill (verdicts, outcomes); `tone` picks the colour, the word carries the meaning. */
export function Pill({
  tone,
  children,
  testId,
}: {
  tone: "neutral" | "good" | "warn" | "bad";
  children: ReactNode;
  testId?: string;
}) {
  const classes = {
    neutral: "border-slate-300 bg-slate-50 text-slate-800",
    good: "border-emerald-300 bg-emerald-50 text-emerald-900",
    warn: "border-amber-400 bg-amber-50 text-amber-950",
    bad: "border-red-400 bg-red-50 text-red-900",
  }[tone];
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${classes}`}
    >
      {children}
    </span>
  );
}

/** "350 ms" / "2.4 s" in the reader's number and unit format. */
export function Duration({ ms }: { ms: number }) {
  const format = useFormatter();
  const { unit, value } = durationParts(ms);
  return (
    <>
      {format.number(value, {
        style: "unit",
        unit: unit === "ms" ? "millisecond" : "second",
        unitDisplay: "short",
      })}
    </>
  );
}

/** A sub-heading inside an event (e.g. "Tool calls"). */
export function EventSubheading({ children }: { children: ReactNode }) {
  return <h4 className="mt-3 text-sm font-medium text-slate-900">{children}</h4>;
}

/** Distinct names (tools, settings) as comma-separated code spans. */
export function CodeNames({ names }: { names: readonly string[] }) {
  return names.map((name, index) => (
    <span key={name}>
      {index > 0 ? ", " : null}
      <code className="font-mono text-xs">{name}</code>
    </span>
  ));
}
