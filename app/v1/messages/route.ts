// POST /v1/messages - guard proxy in the Anthropic messages protocol (agent key runs:write, or admin)
import { anthropicMessagesProtocol } from "@/lib/proxy/protocols/anthropic-messages";
import { proxyRoute } from "@/lib/proxy/proxy-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = proxyRoute(anthropicMessagesProtocol);
