/**
 * Tool poisoning: an upstream tool's description, title and the `description` / `title` / `$comment`
 * strings anywhere in its input and output schemas are read by the client's model as trusted text, so
 * the gateway scans them with the tool-result scanner. Each instruction-shaped sentence or line becomes
 * QUARANTINE_MARKER; schema structure, property names, enums and defaults are never touched (a client
 * validates arguments against them). Pure; never throws.
 */
import { scanToolResultText } from "@/lib/guards/quarantine";

/** The parts of a tool definition this module reads and rewrites. */
export interface ToolDefinitionText {
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

export interface ScannedToolDefinition<Definition extends ToolDefinitionText> {
  /** `definition` with every instruction-shaped part replaced (the same object when clean). */
  definition: Definition;
  /** Where each removal was ("description", "inputSchema.properties.city.description") and a preview. */
  findings: Array<{ path: string; preview: string }>;
}

const SCANNED_SCHEMA_KEYS = new Set(["description", "title", "$comment"]);

function scanText(text: string, path: string, findings: ScannedToolDefinition<never>["findings"]): string {
  const verdict = scanToolResultText(text);
  if (verdict.type === "clean") return text;
  for (const segment of verdict.segments) findings.push({ path, preview: segment.preview });
  return verdict.output;
}

function scanSchema(
  value: unknown,
  path: string,
  findings: ScannedToolDefinition<never>["findings"],
  depth = 0,
): unknown {
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value))
    return value.map((item, index) => scanSchema(item, `${path}[${index}]`, findings, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}.${key}`;
    // `properties` maps names to schemas: a property called "description" is a schema, not text.
    if (typeof item === "string" && SCANNED_SCHEMA_KEYS.has(key) && !path.endsWith(".properties"))
      result[key] = scanText(item, itemPath, findings);
    else result[key] = scanSchema(item, itemPath, findings, depth + 1);
  }
  return result;
}

/** Scans a tool definition's model-facing text; see the module comment. */
export function scanToolDefinition<Definition extends ToolDefinitionText>(
  definition: Definition,
): ScannedToolDefinition<Definition> {
  const findings: ScannedToolDefinition<never>["findings"] = [];
  const description =
    definition.description === undefined
      ? undefined
      : scanText(definition.description, "description", findings);
  const title = definition.title === undefined ? undefined : scanText(definition.title, "title", findings);
  const inputSchema = scanSchema(definition.inputSchema, "inputSchema", findings) as Record<string, unknown>;
  const outputSchema =
    definition.outputSchema === undefined
      ? undefined
      : (scanSchema(definition.outputSchema, "outputSchema", findings) as Record<string, unknown>);
  if (findings.length === 0) return { definition, findings };
  return {
    definition: {
      ...definition,
      ...(description === undefined ? {} : { description }),
      ...(title === undefined ? {} : { title }),
      inputSchema,
      ...(outputSchema === undefined ? {} : { outputSchema }),
    },
    findings,
  };
}
