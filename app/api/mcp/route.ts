// POST /api/mcp - MCP (streamable HTTP, stateless) with the five guardrail_* halt tools (agent key with halts:write, or an admin token)
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { getPrisma } from "@/lib/db/client";
import { createHaltToolsServer } from "@/lib/halts/mcp/halt-tools-server";
import { processHaltConfigCache } from "@/lib/halts/service";
import { readJsonBody } from "@/lib/http/read-json-body";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const POST = withAuth({ role: "admin", scope: "halts:write" }, async ({ request, caller }) => {
  const body = await readJsonBody(request);
  const database = getPrisma();
  // Stateless: one server and transport per request, nothing kept between requests.
  const server = createHaltToolsServer({ database, caller, config: processHaltConfigCache(database) });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    await server.close();
  }
});
