"use client";

import { useTranslations } from "next-intl";
import type { RunEventOf } from "@/lib/schemas/runs";
import { EventSubheading, Fact, Facts, Pill, TextBlock, YesNo } from "./event-parts";

/** Events of the guard proxy and the MCP gateway. */

/** Previews of removed or flagged text, each as "removed: …". */
function Previews({ previews, prefix }: { previews: readonly string[]; prefix: string }) {
  if (previews.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1">
      {previews.map((preview, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: previews are an immutable ordered list.
          key={index}
          className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950"
        >
          <span className="font-medium">{prefix}</span>{" "}
          <q className="font-mono text-xs break-words">{preview}</q>
        </li>
      ))}
    </ul>
  );
}

/** `proxy.request`: one request through the guard proxy and what the quarantine removed from its tool results. */
export function ProxyRequestEvent({ data }: { data: RunEventOf<"proxy.request"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      {data.quarantinedSegments.count > 0 ? (
        <Pill tone="warn" testId="quarantined-count">
          <span aria-hidden="true">⚑</span>
          {t("quarantinedSegments", { count: data.quarantinedSegments.count })}
        </Pill>
      ) : null}
      <Facts>
        <Fact label={t("protocol")}>{data.protocol === "openai" ? "OpenAI" : "Anthropic"}</Fact>
        <Fact label={t("model")}>
          <code className="font-mono">{data.model}</code>
        </Fact>
        <Fact label={t("streaming")}>
          <YesNo value={data.stream} yes={t("on")} no={t("off")} />
        </Fact>
        <Fact label={t("messages")}>{data.messages}</Fact>
        <Fact label={t("toolsDeclared")}>{data.tools}</Fact>
        <Fact label={t("toolResultsScanned")}>{data.toolResultsScanned}</Fact>
      </Facts>
      {data.quarantinedSegments.previews.length > 0 ? (
        <>
          <EventSubheading>{t("quarantinedHeading")}</EventSubheading>
          <Previews previews={data.quarantinedSegments.previews} prefix={t("removedPrefix")} />
        </>
      ) : null}
    </>
  );
}

/** `upstream.error`: a model provider or MCP server failed, and what the caller got back. */
export function UpstreamErrorEvent({ data }: { data: RunEventOf<"upstream.error"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <Facts>
        <Fact label={t("source")}>
          <code className="font-mono">{data.source}</code>
        </Fact>
        {data.status !== null ? <Fact label={t("httpStatus")}>{data.status}</Fact> : null}
      </Facts>
      <TextBlock>{data.message}</TextBlock>
    </>
  );
}

/** `gateway.session`: an MCP client session opened through the gateway, with its upstream servers. */
export function GatewaySessionEvent({ data }: { data: RunEventOf<"gateway.session"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <Facts>
        <Fact label={t("client")}>{data.client}</Fact>
      </Facts>
      <EventSubheading>{t("servers", { count: data.servers.length })}</EventSubheading>
      <ul className="mt-1 space-y-1 text-sm">
        {data.servers.map((server) => (
          <li key={server.name}>
            <code className="font-mono">{server.name}</code>:{" "}
            <code className="font-mono text-xs">{server.status}</code>
            {" · "}
            {t("toolsCount", { count: server.tools })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** `gateway.tool_flagged`: a gateway tool whose description is instruction-shaped or changed. */
export function GatewayToolFlaggedEvent({ data }: { data: RunEventOf<"gateway.tool_flagged"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <Facts>
        <Fact label={t("tool")}>
          <code className="font-mono">{data.name}</code>
        </Fact>
        <Fact label={t("server")}>
          <code className="font-mono">{data.server}</code>
        </Fact>
        <Fact label={t("reason")}>{data.reason}</Fact>
      </Facts>
      <Previews previews={data.previews} prefix={t("flaggedPrefix")} />
    </>
  );
}
