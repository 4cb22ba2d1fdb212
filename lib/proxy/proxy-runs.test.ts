import { describe, expect, it } from "vitest";
import { anthropicMessagesProtocol } from "./protocols/anthropic-messages";
import type { JsonObject } from "./protocols/proxy-protocol";
import { hashJson, injectExchanges } from "./proxy-runs";

describe("injectExchanges (continuity of managed rounds)", () => {
  const first: JsonObject[] = [{ role: "user", content: "approve 7" }];
  const exchange = {
    anchor: 1,
    prefixHash: hashJson(first),
    messages: [
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "call_action", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "receipt-1" }] },
    ],
  };

  it("re-inserts the exchange after the same prefix and drops the echoed empty terminal", () => {
    const messages: JsonObject[] = [
      ...first,
      { role: "assistant", content: [{ type: "text", text: "" }] },
      { role: "user", content: "what happened?" },
    ];
    expect(injectExchanges(messages, [exchange], anthropicMessagesProtocol.dropEmptyAssistantAt)).toBe(1);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "user"]);
    expect(JSON.stringify(messages)).toContain("receipt-1");
  });

  it("leaves a different conversation alone", () => {
    const messages: JsonObject[] = [
      { role: "user", content: "something else" },
      { role: "user", content: "next" },
    ];
    expect(injectExchanges(messages, [exchange], anthropicMessagesProtocol.dropEmptyAssistantAt)).toBe(0);
    expect(messages).toHaveLength(2);
  });
});
