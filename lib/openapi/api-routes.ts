/**
 * The table of HTTP routes the OpenAPI document describes. Request and response bodies are the same zod
 * schemas the handlers use, so the document cannot drift from what the server accepts.
 */
import { z } from "zod";
import {
  appSettingsSchema,
  appSettingsUpdateSchema,
  runtimeStatusSchema,
  settingsChangeSchema,
  settingsChangesQuerySchema,
} from "@/lib/schemas/settings";

export type HttpMethod = "get" | "put" | "post" | "patch" | "delete";
export type RouteAccess = "public" | "viewer" | "operator" | "admin" | "agent";

export interface ApiRouteDescription {
  method: HttpMethod;
  path: string;
  summary: string;
  access: RouteAccess;
  tag: string;
  query?: z.ZodObject;
  headers?: { name: string; description: string; required?: boolean }[];
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z
      .array(
        z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), code: z.string() }),
      )
      .optional(),
  }),
});

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  latencyMs: z.number().optional(),
});

export const API_ROUTES: ApiRouteDescription[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Liveness and database reachability",
    access: "public",
    tag: "system",
    responses: {
      200: { description: "Up", schema: healthSchema },
      503: { description: "Database down", schema: healthSchema },
    },
  },
  {
    method: "get",
    path: "/api/app-settings",
    summary: "Read the runtime switches",
    access: "viewer",
    tag: "settings",
    responses: {
      200: { description: "The settings row; ETag carries the version", schema: appSettingsSchema },
    },
  },
  {
    method: "put",
    path: "/api/app-settings",
    summary: "Change some runtime switches (partial update, one audit row per changed field, NOTIFY)",
    access: "operator",
    tag: "settings",
    headers: [{ name: "If-Match", description: 'The version you read, e.g. "7"; a stale version gets 409' }],
    body: appSettingsUpdateSchema,
    responses: {
      200: { description: "The updated settings", schema: appSettingsSchema },
      400: { description: "Invalid body or If-Match; nothing changed" },
      409: { description: "Stale version; `current` holds the fresh settings" },
      413: { description: "Body over 64 KB" },
      415: { description: "Not JSON" },
    },
  },
  {
    method: "get",
    path: "/api/app-settings/changes",
    summary: "The settings audit log, newest first",
    access: "viewer",
    tag: "settings",
    query: settingsChangesQuerySchema,
    responses: {
      200: {
        description: "A page of changes",
        schema: z.object({ changes: z.array(settingsChangeSchema), nextCursor: z.string().nullable() }),
      },
    },
  },
  {
    method: "get",
    path: "/api/runtime/status",
    summary: "Agent runtimes and the settings version each has applied",
    access: "viewer",
    tag: "settings",
    responses: { 200: { description: "Runtime status", schema: runtimeStatusSchema } },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document",
    access: "public",
    tag: "system",
    responses: { 200: { description: "OpenAPI 3.1 document" } },
  },
];
