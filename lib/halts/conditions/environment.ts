/**
 * Environment halt conditions (docs/halt-conditions.md): test/production mix, credential confusion, shared
 * instances.
 */

import { haltText, listParams } from "@/lib/halts/halt-text";
import { collectTargetFiles } from "./code-safety";
import {
  classifyEnvironmentName,
  type EnvironmentClass,
  findCredentialReferences,
  findEnvironmentMarkers,
  withoutCredentialWords,
} from "./environment-markers";
import { type HaltCondition, readThreshold, unique } from "./halt-condition";

/**
 * `test_production_mix` (critical). Rule: collect the environment classes of the context: the declared
 * `environment` plus the environment words in the commands (credential words removed, those belong to
 * `credential_confusion`) and in the target paths (see environment-markers.ts). Fires when production is
 * among them together with another class (staging, test, development), or when production is referenced
 * while the declared environment is not a recognisable name: in both cases the boundary between test
 * and production cannot be verified.
 */
export function testProductionMix(): HaltCondition {
  return (context, settings) => {
    readThreshold("test_production_mix", settings);
    const declaredName = context.current_context.environment;
    const declared = declaredName === undefined ? null : classifyEnvironmentName(declaredName);
    const classes = new Set<EnvironmentClass>();
    if (declared !== null) classes.add(declared);
    const texts = [
      ...(context.current_context.commands ?? []).map(withoutCredentialWords),
      ...collectTargetFiles(context),
    ];
    for (const text of texts)
      for (const environment of findEnvironmentMarkers(text)) classes.add(environment);
    if (!classes.has("production")) return null;
    const others = [...classes].filter((environment) => environment !== "production");
    const unrecognised = declaredName !== undefined && declared === null;
    if (others.length === 0 && !unrecognised) return null;
    return {
      halt_type: "environment",
      condition_name: "test_production_mix",
      severity: settings.severity,
      ...(unrecognised
        ? haltText("environmentUnknown", { environment: declaredName ?? "" })
        : haltText("environmentMixed", { environments: others.join(", ") })),
    };
  };
}

/**
 * `credential_confusion` (high). Rule: find the credentials in the commands, output and proposed diff
 * with their environment (Stripe live/test keys; environment words around a secret, in a
 * secret-named variable, or in `--profile`/`--context`/`AWS_PROFILE`; see environment-markers.ts).
 * Fires when the declared environment is recognised and some credential belongs to another environment
 * (a production credential in staging), or, with no recognised declared environment, when the
 * credentials belong to two or more environments.
 */
export function credentialConfusion(): HaltCondition {
  return (context, settings) => {
    readThreshold("credential_confusion", settings);
    const declaredName = context.current_context.environment;
    const declared = declaredName === undefined ? null : classifyEnvironmentName(declaredName);
    const texts = [
      ...(context.current_context.commands ?? []),
      context.current_context.output ?? "",
      context.proposed_changes?.diff ?? "",
    ];
    const references = texts
      .flatMap(findCredentialReferences)
      .filter((reference) => reference.environment !== null);
    if (references.length === 0) return null;
    const mismatched =
      declared !== null
        ? references.filter((reference) => reference.environment !== declared)
        : new Set(references.map((reference) => reference.environment)).size > 1
          ? references
          : [];
    if (mismatched.length === 0) return null;
    const described = unique(
      mismatched.map((reference) => `${reference.environment} credential ${reference.text.slice(0, 80)}`),
    );
    return {
      halt_type: "environment",
      condition_name: "credential_confusion",
      severity: settings.severity,
      ...(declared !== null
        ? haltText("credentialConfusionDeclared", {
            ...listParams("credentials", described, 5),
            environment: declared,
          })
        : haltText("credentialConfusionMixed", listParams("credentials", described, 5))),
    };
  };
}

/** Host and port of an endpoint (`postgres://u:p@db:5432/app` -> `db:5432`), lower case; default ports filled. */
export function endpointInstance(endpoint: string): string {
  const trimmed = endpoint.trim().toLowerCase();
  const withoutScheme = trimmed.replace(/^[a-z][a-z0-9+.-]{0,20}:\/\//, "");
  const scheme = /^([a-z][a-z0-9+.-]{0,20}):\/\//.exec(trimmed)?.[1];
  const authority = (withoutScheme.split(/[/?#]/)[0] ?? "").replace(/^.*@/, "");
  if (/:\d+$/.test(authority) || scheme === undefined) return authority;
  const defaultPorts: Record<string, string> = {
    postgres: "5432",
    postgresql: "5432",
    mysql: "3306",
    redis: "6379",
    mongodb: "27017",
    http: "80",
    https: "443",
    amqp: "5672",
  };
  const port = defaultPorts[scheme];
  return port === undefined ? authority : `${authority}:${port}`;
}

/**
 * `shared_instances` (medium). Rule: among `current_context.services`, one instance (host and port of
 * the endpoint, credentials and path ignored) is used by production and by another environment class.
 * No `services` given: nothing to check, does not fire.
 */
export function sharedInstances(): HaltCondition {
  return (context, settings) => {
    readThreshold("shared_instances", settings);
    const services = context.current_context.services ?? [];
    const environmentsByInstance = new Map<string, Set<string>>();
    for (const service of services) {
      const environment =
        classifyEnvironmentName(service.environment) ?? service.environment.trim().toLowerCase();
      const instance = endpointInstance(service.endpoint);
      if (instance === "") continue;
      const environments = environmentsByInstance.get(instance) ?? new Set<string>();
      environments.add(environment);
      environmentsByInstance.set(instance, environments);
    }
    const shared = [...environmentsByInstance].filter(
      ([, environments]) => environments.has("production") && environments.size > 1,
    );
    if (shared.length === 0) return null;
    return {
      halt_type: "environment",
      condition_name: "shared_instances",
      severity: settings.severity,
      ...haltText(
        "sharedInstances",
        listParams(
          "instances",
          shared.map(([instance, environments]) => `${instance} (${[...environments].join(", ")})`),
          5,
        ),
      ),
    };
  };
}
