/**
 * AWS event-stream binary framing (application/vnd.amazon.eventstream), as used by Bedrock
 * ConverseStream. A message is:
 *
 *   total length (u32 BE) | headers length (u32 BE) | prelude CRC32 (u32 BE)
 *   headers (name length u8, name, value type u8, value …) | payload | message CRC32 (u32 BE)
 *
 * Both CRCs are the standard CRC-32 (IEEE, reflected, 0xEDB88320); the message CRC covers every byte
 * before it, prelude CRC included.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const STRING_TYPE = 7;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Encodes one message with string headers. */
export function encodeEventStreamMessage(
  headers: Record<string, string>,
  payload: Uint8Array | string,
): Uint8Array {
  const body = typeof payload === "string" ? encoder.encode(payload) : payload;
  const headerParts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameBytes = encoder.encode(name);
    const valueBytes = encoder.encode(value);
    if (nameBytes.length > 255) throw new Error(`Header name too long: ${name}`);
    const part = new Uint8Array(1 + nameBytes.length + 1 + 2 + valueBytes.length);
    const view = new DataView(part.buffer);
    part[0] = nameBytes.length;
    part.set(nameBytes, 1);
    part[1 + nameBytes.length] = STRING_TYPE;
    view.setUint16(2 + nameBytes.length, valueBytes.length, false);
    part.set(valueBytes, 4 + nameBytes.length);
    headerParts.push(part);
  }
  const headersLength = headerParts.reduce((sum, part) => sum + part.length, 0);
  const totalLength = 12 + headersLength + body.length + 4;
  const message = new Uint8Array(totalLength);
  const view = new DataView(message.buffer);
  view.setUint32(0, totalLength, false);
  view.setUint32(4, headersLength, false);
  view.setUint32(8, crc32(message.subarray(0, 8)), false);
  let offset = 12;
  for (const part of headerParts) {
    message.set(part, offset);
    offset += part.length;
  }
  message.set(body, offset);
  view.setUint32(totalLength - 4, crc32(message.subarray(0, totalLength - 4)), false);
  return message;
}

export interface DecodedEventStreamMessage {
  headers: Record<string, string | number | boolean | Uint8Array>;
  payload: Uint8Array;
}

/**
 * Decodes consecutive messages, verifying both CRCs. Handles every header value type the format
 * defines (for tests and for reading real captures). Throws on a short or corrupt buffer.
 */
export function decodeEventStreamMessages(buffer: Uint8Array): DecodedEventStreamMessage[] {
  const messages: DecodedEventStreamMessage[] = [];
  let offset = 0;
  while (offset < buffer.length) {
    if (buffer.length - offset < 16) throw new Error("Truncated event-stream prelude");
    const view = new DataView(buffer.buffer, buffer.byteOffset + offset);
    const totalLength = view.getUint32(0, false);
    const headersLength = view.getUint32(4, false);
    if (buffer.length - offset < totalLength) throw new Error("Truncated event-stream message");
    const message = buffer.subarray(offset, offset + totalLength);
    if (crc32(message.subarray(0, 8)) !== view.getUint32(8, false)) throw new Error("Prelude CRC mismatch");
    if (crc32(message.subarray(0, totalLength - 4)) !== view.getUint32(totalLength - 4, false))
      throw new Error("Message CRC mismatch");
    const headers: DecodedEventStreamMessage["headers"] = {};
    let at = 12;
    const headersEnd = 12 + headersLength;
    const mview = new DataView(message.buffer, message.byteOffset);
    while (at < headersEnd) {
      const nameLength = message[at]!;
      const name = decoder.decode(message.subarray(at + 1, at + 1 + nameLength));
      at += 1 + nameLength;
      const type = message[at++]!;
      switch (type) {
        case 0:
          headers[name] = true;
          break;
        case 1:
          headers[name] = false;
          break;
        case 2:
          headers[name] = mview.getInt8(at);
          at += 1;
          break;
        case 3:
          headers[name] = mview.getInt16(at, false);
          at += 2;
          break;
        case 4:
          headers[name] = mview.getInt32(at, false);
          at += 4;
          break;
        case 5:
        case 8:
          headers[name] = Number(mview.getBigInt64(at, false));
          at += 8;
          break;
        case 6:
        case 7: {
          const length = mview.getUint16(at, false);
          const value = message.subarray(at + 2, at + 2 + length);
          headers[name] = type === 7 ? decoder.decode(value) : value;
          at += 2 + length;
          break;
        }
        case 9:
          headers[name] = message.subarray(at, at + 16);
          at += 16;
          break;
        default:
          throw new Error(`Unknown event-stream header type ${type}`);
      }
    }
    messages.push({ headers, payload: message.subarray(headersEnd, totalLength - 4) });
    offset += totalLength;
  }
  return messages;
}

/** A Bedrock event frame: `:event-type`, `:content-type`, `:message-type: event` and a JSON payload. */
export function bedrockEvent(eventType: string, payload: unknown): Uint8Array {
  return encodeEventStreamMessage(
    { ":event-type": eventType, ":content-type": "application/json", ":message-type": "event" },
    JSON.stringify(payload),
  );
}

/** A Bedrock exception frame (e.g. `throttlingException`) sent inside a 200 stream. */
export function bedrockException(exceptionType: string, message: string): Uint8Array {
  return encodeEventStreamMessage(
    { ":exception-type": exceptionType, ":content-type": "application/json", ":message-type": "exception" },
    JSON.stringify({ message }),
  );
}
