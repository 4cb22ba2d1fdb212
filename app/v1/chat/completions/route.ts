// POST /v1/chat/completions - guard proxy in the OpenAI chat completions protocol (agent key runs:write, or admin)
import { openAiChatProtocol } from "@/lib/proxy/protocols/openai-chat";
import { proxyRoute } from "@/lib/proxy/proxy-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = proxyRoute(openAiChatProtocol);
