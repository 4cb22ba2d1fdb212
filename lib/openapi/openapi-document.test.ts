import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "./api-routes";
import { buildOpenApiDocument } from "./openapi-document";

describe("the OpenAPI document", () => {
  // biome-ignore lint/suspicious/noExplicitAny: the test walks an arbitrary JSON document
  const document = buildOpenApiDocument() as { openapi: string; paths: Record<string, Record<string, any>> };

  it("describes every route with its request and response schemas", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const route of API_ROUTES)
      expect(document.paths[route.path]?.[route.method]?.summary).toBe(route.summary);
    const put = document.paths["/api/app-settings"]!.put;
    expect(put.requestBody.content["application/json"].schema.properties.maxToolSteps).toMatchObject({
      minimum: 1,
      maximum: 200,
    });
    expect(put.parameters.map((parameter: { name: string }) => parameter.name)).toContain("If-Match");
    expect(put.responses["401"]).toBeDefined();
  });

  it("is committed in docs/api/openapi.json as generated (run `npm run docs:openapi`)", () => {
    const committed = JSON.parse(fs.readFileSync("docs/api/openapi.json", "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
