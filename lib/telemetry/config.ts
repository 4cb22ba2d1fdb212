/**
 * Tracing configuration from the standard OpenTelemetry environment variables (and one Keel switch):
 *
 *   OTEL_EXPORTER_OTLP_TRACES_ENDPOINT | OTEL_EXPORTER_OTLP_ENDPOINT   tracing is on when one is set
 *   OTEL_SDK_DISABLED=true, OTEL_TRACES_EXPORTER=none                  turn it off again
 *   OTEL_EXPORTER_OTLP_TRACES_PROTOCOL | OTEL_EXPORTER_OTLP_PROTOCOL   http/protobuf (default) or http/json
 *   OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG                       the spec's samplers (default parentbased_always_on)
 *   OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES                        read by the resource detectors
 *   OTEL_EXPORTER_OTLP_HEADERS, ..._TIMEOUT, ..._COMPRESSION          read by the exporter itself
 *   KEEL_OTEL_CAPTURE_CONTENT=true                                     prompts and model output in spans (off by default)
 *
 * Pure: takes the environment, returns the settings or throws TelemetryConfigError with a clear message.
 */

export type OtlpProtocol = "http/protobuf" | "http/json";
export type SamplerSetting =
  | { type: "always_on" | "always_off" | "parentbased_always_on" | "parentbased_always_off" }
  | { type: "traceidratio" | "parentbased_traceidratio"; ratio: number };

export interface TracingConfig {
  protocol: OtlpProtocol;
  sampler: SamplerSetting;
  /** Prompts, instructions and model output as span attributes (KEEL_OTEL_CAPTURE_CONTENT=true). */
  captureContent: boolean;
}

export class TelemetryConfigError extends Error {
  override readonly name = "TelemetryConfigError";
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | undefined => {
  const text = env[name]?.trim();
  return text ? text : undefined;
};

/** Null when tracing is off (no OTLP endpoint, or switched off): then no SDK or exporter starts. */
export function tracingConfigFromEnv(env: Env): TracingConfig | null {
  if (value(env, "OTEL_SDK_DISABLED")?.toLowerCase() === "true") return null;
  const exporters = value(env, "OTEL_TRACES_EXPORTER")?.toLowerCase();
  if (exporters === "none") return null;
  if (!value(env, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") && !value(env, "OTEL_EXPORTER_OTLP_ENDPOINT"))
    return null;
  if (exporters && exporters !== "otlp")
    throw new TelemetryConfigError(
      `OTEL_TRACES_EXPORTER=${exporters} is not supported; Keel exports traces over OTLP only ("otlp" or "none").`,
    );
  return {
    protocol: protocolFromEnv(env),
    sampler: samplerFromEnv(env),
    captureContent: value(env, "KEEL_OTEL_CAPTURE_CONTENT")?.toLowerCase() === "true",
  };
}

function protocolFromEnv(env: Env): OtlpProtocol {
  const protocol =
    value(env, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") ??
    value(env, "OTEL_EXPORTER_OTLP_PROTOCOL") ??
    "http/protobuf";
  if (protocol === "http/protobuf" || protocol === "http/json") return protocol;
  throw new TelemetryConfigError(
    `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported; use http/protobuf (the default) or http/json.`,
  );
}

function samplerFromEnv(env: Env): SamplerSetting {
  const name = (value(env, "OTEL_TRACES_SAMPLER") ?? "parentbased_always_on").toLowerCase();
  switch (name) {
    case "always_on":
    case "always_off":
    case "parentbased_always_on":
    case "parentbased_always_off":
      return { type: name };
    case "traceidratio":
    case "parentbased_traceidratio": {
      const arg = value(env, "OTEL_TRACES_SAMPLER_ARG");
      const ratio = arg === undefined ? 1 : Number(arg);
      if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1)
        throw new TelemetryConfigError(
          `OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (got "${arg}").`,
        );
      return { type: name, ratio };
    }
    default:
      throw new TelemetryConfigError(
        `OTEL_TRACES_SAMPLER=${name} is not supported; use always_on, always_off, traceidratio or their parentbased_ forms.`,
      );
  }
}
