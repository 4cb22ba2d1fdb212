import { describe, expect, it } from "vitest";
import { detectSilentDelivery } from "./silent-delivery";

describe("detectSilentDelivery", () => {
  it.each([
    ["NO_MESSAGE", "NO_MESSAGE"],
    ["NO_REPLY", "NO_REPLY"],
    ["AUTOMATION_SILENT", "AUTOMATION_SILENT"],
    ["  NO_REPLY\n", "NO_REPLY"],
    ["`NO_REPLY`", "NO_REPLY"],
    ["```\nNO_MESSAGE\n```", "NO_MESSAGE"],
    ["**AUTOMATION_SILENT**", "AUTOMATION_SILENT"],
    ["NO_REPLY.", "NO_REPLY"],
  ])("%j is silent (%s) for every non-interactive kind", (text, sentinel) => {
    for (const kind of ["job", "automation", "channel", "heartbeat"] as const)
      expect(detectSilentDelivery(text, kind)).toEqual({ type: "silent", sentinel });
  });

  it.each([
    "no_reply",
    "No reply needed.",
    "NO_REPLY because nothing changed",
    "Nothing to report. NO_MESSAGE",
    "NO_REPLYING",
    "",
    "WATCH",
  ])("%j is a message for a job", (text) => {
    expect(detectSilentDelivery(text, "job")).toEqual({ type: "message" });
  });

  it.each([
    ["WATCH", "WATCH"],
    ["WATCH: disk at 81%", "WATCH"],
    ["\n  RESOLVE disk alert cleared\nnotes for later", "RESOLVE"],
    ["RESOLVE", "RESOLVE"],
  ])("heartbeat directive %j is silent (%s)", (text, sentinel) => {
    expect(detectSilentDelivery(text, "heartbeat")).toEqual({ type: "silent", sentinel });
  });

  it.each(["Watch out: disk at 81%", "WATCHING the disk", "The disk is fine.\nWATCH", "RESOLVED"])(
    "heartbeat text %j is a message",
    (text) => {
      expect(detectSilentDelivery(text, "heartbeat")).toEqual({ type: "message" });
    },
  );
});
