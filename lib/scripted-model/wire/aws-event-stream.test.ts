// @smithy/eventstream-codec is the decoder the Bedrock provider itself uses (a dependency of
// @ai-sdk/amazon-bedrock); decoding our frames with it checks the framing against the reference.
import { EventStreamCodec } from "@smithy/eventstream-codec";
import { fromUtf8, toUtf8 } from "@smithy/util-utf8";
import { describe, expect, it } from "vitest";
import {
  bedrockEvent,
  bedrockException,
  crc32,
  decodeEventStreamMessages,
  encodeEventStreamMessage,
} from "./aws-event-stream";

describe("crc32", () => {
  it("matches the standard check values", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
    expect(crc32(new TextEncoder().encode("The quick brown fox jumps over the lazy dog"))).toBe(0x414fa339);
  });
});

describe("event-stream framing", () => {
  it("lays out prelude, headers, payload and CRCs", () => {
    const message = encodeEventStreamMessage({ a: "b" }, "{}");
    const view = new DataView(message.buffer);
    // headers: 1 (name len) + 1 ("a") + 1 (type) + 2 (value len) + 1 ("b") = 6
    expect(view.getUint32(0)).toBe(12 + 6 + 2 + 4);
    expect(view.getUint32(4)).toBe(6);
    expect(view.getUint32(8)).toBe(crc32(message.subarray(0, 8)));
    expect(view.getUint32(message.length - 4)).toBe(crc32(message.subarray(0, message.length - 4)));
    expect(Array.from(message.subarray(12, 18))).toEqual([1, 97, 7, 0, 1, 98]);
  });

  it("round-trips through our decoder and the AWS reference codec", () => {
    const frames = [
      bedrockEvent("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "héllo ✓" } }),
      bedrockException("throttlingException", "slow down"),
    ];
    const joined = new Uint8Array(frames.reduce((sum, frame) => sum + frame.length, 0));
    let offset = 0;
    for (const frame of frames) {
      joined.set(frame, offset);
      offset += frame.length;
    }
    const ours = decodeEventStreamMessages(joined);
    expect(ours.map((message) => message.headers)).toEqual([
      { ":event-type": "contentBlockDelta", ":content-type": "application/json", ":message-type": "event" },
      {
        ":exception-type": "throttlingException",
        ":content-type": "application/json",
        ":message-type": "exception",
      },
    ]);
    expect(JSON.parse(new TextDecoder().decode(ours[0]!.payload))).toEqual({
      contentBlockIndex: 0,
      delta: { text: "héllo ✓" },
    });

    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    const reference = codec.decode(frames[0]!);
    expect(reference.headers[":event-type"]).toEqual({ type: "string", value: "contentBlockDelta" });
    expect(JSON.parse(new TextDecoder().decode(reference.body))).toEqual({
      contentBlockIndex: 0,
      delta: { text: "héllo ✓" },
    });
    expect(codec.decode(frames[1]!).headers[":message-type"]).toEqual({ type: "string", value: "exception" });
  });

  it("rejects corrupt and truncated frames", () => {
    const frame = bedrockEvent("messageStop", { stopReason: "end_turn" });
    const corrupt = frame.slice();
    corrupt[20] = corrupt[20]! ^ 0xff;
    expect(() => decodeEventStreamMessages(corrupt)).toThrow(/CRC/);
    expect(() => decodeEventStreamMessages(frame.subarray(0, frame.length - 1))).toThrow(/Truncated/);
    expect(() => new EventStreamCodec(toUtf8, fromUtf8).decode(corrupt)).toThrow();
  });
});
