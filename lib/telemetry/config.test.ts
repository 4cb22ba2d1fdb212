import { describe, expect, it } from "vitest";
import { TelemetryConfigError, tracingConfigFromEnv } from "./config";

const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };

describe("tracingConfigFromEnv", () => {
  it("is off without an OTLP endpoint, or when switched off", () => {
    expect(tracingConfigFromEnv({})).toBeNull();
    expect(tracingConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "  " })).toBeNull();
    expect(tracingConfigFromEnv({ ...ENDPOINT, OTEL_SDK_DISABLED: "true" })).toBeNull();
    expect(tracingConfigFromEnv({ ...ENDPOINT, OTEL_TRACES_EXPORTER: "none" })).toBeNull();
  });

  it("defaults to http/protobuf, parent-based always-on sampling, no content", () => {
    expect(tracingConfigFromEnv(ENDPOINT)).toEqual({
      protocol: "http/protobuf",
      sampler: { type: "parentbased_always_on" },
      captureContent: false,
    });
    expect(
      tracingConfigFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/v1/traces" }),
    ).not.toBeNull();
  });

  it("honours the protocol variables, the traces-specific one first", () => {
    expect(tracingConfigFromEnv({ ...ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })?.protocol).toBe(
      "http/json",
    );
    expect(
      tracingConfigFromEnv({
        ...ENDPOINT,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf",
      })?.protocol,
    ).toBe("http/protobuf");
  });

  it("reads the samplers of the specification", () => {
    expect(tracingConfigFromEnv({ ...ENDPOINT, OTEL_TRACES_SAMPLER: "always_off" })?.sampler).toEqual({
      type: "always_off",
    });
    expect(
      tracingConfigFromEnv({
        ...ENDPOINT,
        OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.25",
      })?.sampler,
    ).toEqual({ type: "parentbased_traceidratio", ratio: 0.25 });
    expect(tracingConfigFromEnv({ ...ENDPOINT, OTEL_TRACES_SAMPLER: "traceidratio" })?.sampler).toEqual({
      type: "traceidratio",
      ratio: 1,
    });
  });

  it("turns content capture on only for exactly true", () => {
    expect(tracingConfigFromEnv({ ...ENDPOINT, KEEL_OTEL_CAPTURE_CONTENT: "true" })?.captureContent).toBe(
      true,
    );
    expect(tracingConfigFromEnv({ ...ENDPOINT, KEEL_OTEL_CAPTURE_CONTENT: "1" })?.captureContent).toBe(false);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, /http\/protobuf/],
    [{ OTEL_TRACES_EXPORTER: "zipkin" }, /OTLP only/],
    [{ OTEL_TRACES_SAMPLER: "sometimes" }, /not supported/],
    [{ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "2" }, /from 0 to 1/],
    [{ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "half" }, /from 0 to 1/],
  ])("refuses %j with a clear message", (extra, message) => {
    expect(() => tracingConfigFromEnv({ ...ENDPOINT, ...extra })).toThrow(TelemetryConfigError);
    expect(() => tracingConfigFromEnv({ ...ENDPOINT, ...extra })).toThrow(message);
  });
});
