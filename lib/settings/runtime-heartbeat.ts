/**
 * The runtime's heartbeat row in `runtime_instances`: written after every settings read with the
 * version applied, so the panel can say "applied by N runtimes, version V, X s ago".
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Database } from "@/lib/db/client";

export class RuntimeHeartbeat {
  readonly id = randomUUID();
  private readonly startedAt = new Date();

  constructor(
    private readonly database: Database,
    /** The main model's label and whether it is the scripted demo model (shown in the console). */
    private readonly model: { label: string; demo: boolean } | null = null,
  ) {}

  /** Records a poll; `changed` marks the moment a new version was applied. */
  async beat(appliedSettingsVersion: number, changed: boolean, now: Date = new Date()): Promise<void> {
    await this.database.runtimeInstance.upsert({
      where: { id: this.id },
      create: {
        id: this.id,
        host: os.hostname(),
        pid: process.pid,
        startedAt: this.startedAt,
        lastPollAt: now,
        appliedSettingsVersion,
        appliedAt: now,
        model: this.model?.label ?? null,
        demoModel: this.model?.demo ?? false,
      },
      update: { lastPollAt: now, appliedSettingsVersion, ...(changed ? { appliedAt: now } : {}) },
    });
  }

  /** Marks the instance stopped (clean shutdown). */
  async stop(): Promise<void> {
    await this.database.runtimeInstance.updateMany({
      where: { id: this.id },
      data: { stoppedAt: new Date() },
    });
  }
}
