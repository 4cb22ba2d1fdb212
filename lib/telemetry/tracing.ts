/**
 * The tracing helpers every call site uses (a few lines each): spans around a request, a run, a call;
 * W3C trace context in and out. While tracing is off (no OTLP endpoint: lib/telemetry/setup.ts did not
 * start the SDK) every helper runs its function directly and creates nothing, so the cost is a boolean
 * check. No helper ever puts free text in an attribute: callers pass ids, counts, fixed words and names.
 */
import {
  type Attributes,
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";

export const TRACER_NAME = "keel";

const KEY = Symbol.for("keel.telemetry.tracingActive");
const globalStore = globalThis as unknown as Record<symbol, boolean | undefined>;

/** True once lib/telemetry/setup.ts registered a tracer provider in this process. */
export const tracingActive = (): boolean => globalStore[KEY] === true;

/** Marks tracing on or off (setup and shutdown only). */
export function setTracingActive(active: boolean): void {
  globalStore[KEY] = active;
}

const tracer = () => trace.getTracer(TRACER_NAME);

/** Adds the current trace context (`traceparent`, `tracestate`) to outgoing request headers. */
export function injectTraceHeaders(headers: Headers, span?: Span): void {
  if (!tracingActive()) return;
  const from = span ? trace.setSpan(context.active(), span) : context.active();
  propagation.inject(from, headers, {
    set: (carrier, key, value) => carrier.set(key, value),
  });
}

/** The parent of a new span: the active span if any (e.g. the Next.js server's own), else the caller's headers. */
function parentContext(headers: Headers | undefined): Context {
  const active = context.active();
  if (trace.getSpan(active) || !headers) return active;
  return propagation.extract(active, headers, {
    get: (carrier, key) => carrier.get(key) ?? undefined,
    keys: (carrier) => [...carrier.keys()],
  });
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The request headers whose `traceparent` the span continues (when no span is active). */
  parent?: Headers;
}

/**
 * Runs `fn` inside a new active span (ended when `fn` settles; a throw marks it failed with the error's
 * class name only, since messages can carry secrets). `fn` gets the span, or undefined while tracing is off.
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingActive()) return fn(undefined);
  const parent = parentContext(options.parent);
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Starts a span that the caller ends (for work that outlives a function call, e.g. a stream). */
export function startSpan(name: string, options: SpanOptions = {}): Span | undefined {
  if (!tracingActive()) return undefined;
  return tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parentContext(options.parent),
  );
}

/** Marks a span failed: the error's class name as `error.type`, no message. */
export function failSpan(span: Span | undefined, error: unknown): void {
  if (!span) return;
  const type = error instanceof Error ? error.name : typeof error;
  span.setAttribute("error.type", type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

/** The active span while tracing is on (else undefined). */
export const activeSpan = (): Span | undefined => (tracingActive() ? trace.getActiveSpan() : undefined);

/** Adds an event to the active span (no-op while tracing is off or outside a span). */
export function addSpanEvent(name: string, attributes?: Attributes, span?: Span): void {
  if (!tracingActive()) return;
  (span ?? trace.getActiveSpan())?.addEvent(name, attributes);
}

/** Sets attributes on the active span. */
export function setSpanAttributes(attributes: Attributes, span?: Span): void {
  if (!tracingActive()) return;
  (span ?? trace.getActiveSpan())?.setAttributes(attributes);
}

export type { Attributes, Span };
export { SpanKind, SpanStatusCode };
