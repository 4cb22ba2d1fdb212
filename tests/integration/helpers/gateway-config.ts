import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../../..");
/** The fake MCP server over stdio (tests/fixtures), started through tsx. */
export const stdioEntry = path.join(projectRoot, "tests/fixtures/fake-mcp-server-stdio.ts");

/**
 * Writes a gateway configuration with two upstreams into a fresh temporary folder: `web`, the fake MCP
 * HTTP server at `upstreamUrl`, and `local`, the fake stdio server (with its "crash" tool). Returns the
 * folder (remove it after the tests) and the file's path.
 */
export async function writeGatewayConfig(input: {
  upstreamUrl: string;
  callTimeoutMs: number;
  prefix: string;
}): Promise<{ directory: string; configPath: string }> {
  const directory = await mkdtemp(path.join(tmpdir(), input.prefix));
  const configPath = path.join(directory, "gateway.json");
  await writeFile(
    configPath,
    JSON.stringify({
      servers: {
        web: { url: input.upstreamUrl },
        local: {
          command: process.execPath,
          args: ["--import", "tsx", stdioEntry],
          env: { FAKE_MCP_EXTRA_TOOLS: "crash" },
          cwd: projectRoot,
        },
      },
      callTimeoutMs: input.callTimeoutMs,
    }),
  );
  return { directory, configPath };
}
