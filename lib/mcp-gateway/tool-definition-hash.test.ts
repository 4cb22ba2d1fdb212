import { describe, expect, it } from "vitest";
import { canonicalJson, toolDefinitionHash } from "./tool-definition-hash";

describe("toolDefinitionHash", () => {
  it("ignores key order but not content", () => {
    const schema = { type: "object", properties: { a: { type: "string" }, b: { type: "number" } } };
    const reordered = { properties: { b: { type: "number" }, a: { type: "string" } }, type: "object" };
    expect(toolDefinitionHash("Find.", schema)).toBe(toolDefinitionHash("Find.", reordered));
    expect(toolDefinitionHash("Find.", schema)).toMatch(/^[0-9a-f]{64}$/);
    expect(toolDefinitionHash("Find!", schema)).not.toBe(toolDefinitionHash("Find.", schema));
    expect(toolDefinitionHash("Find.", { ...schema, required: ["a"] })).not.toBe(
      toolDefinitionHash("Find.", schema),
    );
  });

  it("does not let the description run into the schema", () => {
    expect(toolDefinitionHash("a", {})).not.toBe(toolDefinitionHash("a{", {}));
  });

  it("writes canonical JSON, keeping array order and dropping undefined", () => {
    expect(canonicalJson({ b: [2, 1], a: { d: undefined, c: null } })).toBe('{"a":{"c":null},"b":[2,1]}');
  });
});
