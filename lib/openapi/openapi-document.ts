/**
 * Builds the OpenAPI 3.1 document from {@link API_ROUTES}: JSON Schemas come from `z.toJSONSchema`
 * (input mode for request bodies and query strings, output mode for responses).
 */
import { z } from "zod";
import { API_ROUTES, type ApiRouteDescription, errorBodySchema } from "./api-routes";

const ACCESS_TEXT: Record<ApiRouteDescription["access"], string> = {
  public: "Public.",
  viewer: "Needs a signed-in viewer (or higher).",
  operator: "Needs the operator role (or admin).",
  admin: "Needs the admin role.",
  agent: "Needs an agent API key.",
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

export function buildOpenApiDocument(version = "0.1.0"): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    const parameters: unknown[] = [];
    if (route.query) {
      const schema = jsonSchema(route.query, "input") as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({
          name,
          in: "query",
          required: schema.required?.includes(name) ?? false,
          schema: property,
        });
      }
    }
    for (const header of route.headers ?? []) {
      parameters.push({
        name: header.name,
        in: "header",
        required: header.required ?? false,
        description: header.description,
        schema: { type: "string" },
      });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      const schema = response.schema ?? (Number(status) >= 400 ? errorBodySchema : undefined);
      responses[status] = {
        description: response.description,
        ...(schema ? { content: { "application/json": { schema: jsonSchema(schema, "output") } } } : {}),
      };
    }
    // Every route: the database is away or did not answer within the route's budget (lib/db/deadlines.ts).
    responses["503"] ??= {
      description:
        "The database is unreachable or the request did not finish within its budget (code database_unavailable or service_unavailable); try again shortly",
      content: { "application/json": { schema: jsonSchema(errorBodySchema, "output") } },
    };
    if (route.access !== "public") {
      responses["401"] ??= {
        description: "Not signed in",
        content: { "application/json": { schema: jsonSchema(errorBodySchema, "output") } },
      };
      responses["403"] ??= {
        description: "Missing role or scope",
        content: { "application/json": { schema: jsonSchema(errorBodySchema, "output") } },
      };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: route.summary,
      description: ACCESS_TEXT[route.access],
      tags: [route.tag],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(route.body, "input") } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Keel API",
      version,
      description:
        "Runtime guardrails and control plane for tool-using AI agents. Errors share one shape: { error: { code, message, issues? } }.",
    },
    paths,
  };
}
