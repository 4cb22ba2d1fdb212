/**
 * Structured logs: one JSON object per line on stdout (stderr for warn/error), with `time`, `level`,
 * `component` and `msg`. Every value passes the one secret redactor (lib/redact) first, so a token or
 * password that reaches a log call is masked, not written.
 */
import { redactSecretsDeep } from "@/lib/redact/redact";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  component: string;
  level?: LogLevel;
  /** Where lines go; defaults to stdout/stderr. Tests capture lines here. */
  write?: (line: string, level: LogLevel) => void;
  now?: () => Date;
}

function defaultWrite(line: string, level: LogLevel): void {
  (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
}

export function createLogger(options: LoggerOptions, bound: LogFields = {}): Logger {
  const threshold = LEVEL_ORDER[options.level ?? (process.env.KEEL_LOG_LEVEL as LogLevel) ?? "info"] ?? 20;
  const write = options.write ?? defaultWrite;
  const now = options.now ?? (() => new Date());
  const emit = (level: LogLevel, message: string, fields?: LogFields) => {
    if (LEVEL_ORDER[level] < threshold) return;
    const record = {
      time: now().toISOString(),
      level,
      component: options.component,
      msg: message,
      ...bound,
      ...fields,
    };
    write(JSON.stringify(redactSecretsDeep(record)), level);
  };
  return {
    debug: (message, fields) => emit("debug", message, fields),
    info: (message, fields) => emit("info", message, fields),
    warn: (message, fields) => emit("warn", message, fields),
    error: (message, fields) => emit("error", message, fields),
    child: (fields) => createLogger(options, { ...bound, ...fields }),
  };
}

/** Serialises an error for a log line (message and code, not the whole object graph). */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { error: error.message, ...(code !== undefined ? { errorCode: code } : {}) };
  }
  return { error: String(error) };
}
