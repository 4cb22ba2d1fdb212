import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The stylesheet (Tailwind: one small file whatever the page) goes into the page's <head> instead of a
  // render-blocking <link>: the console's first row paints without waiting for a second request to the
  // same busy server (docs/architecture.md, "Console first row").
  experimental: { inlineCss: true },
  // Type checking belongs to the test suite (`npm run lint` runs tsc --noEmit on every commit), not to
  // starting: on a busy 2-core machine it was minutes of a first `npm start`'s build. The builds of
  // `npm start` and `npm test` (scripts/setup-steps.mjs) set KEEL_BUILD_SKIP_TYPECHECK; a plain
  // `npm run build` still checks types.
  typescript: { ignoreBuildErrors: process.env.KEEL_BUILD_SKIP_TYPECHECK === "1" },
  // The OpenTelemetry SDK, its exporters (imported only when tracing is configured, lib/telemetry/setup.ts)
  // and prom-client load from node_modules at run time instead of being bundled.
  serverExternalPackages: [
    "@opentelemetry/sdk-trace",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
    "@opentelemetry/resources",
    "@opentelemetry/core",
    "@ai-sdk/otel",
    "prom-client",
  ],
};

export default withNextIntl(nextConfig);
