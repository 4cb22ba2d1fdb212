import { describe, expect, it } from "vitest";
import { createCheckInput } from "./create-check-input";
import { credentialConfusion, endpointInstance, sharedInstances, testProductionMix } from "./environment";
import {
  classifyEnvironmentName,
  findCredentialReferences,
  findEnvironmentMarkers,
} from "./environment-markers";
import { runCondition } from "./run-condition";

const stripeLive = `sk_live_${"a1B2c3D4e5F6g7H8i9J0k1L2"}`;
const stripeTest = `sk_test_${"a1B2c3D4e5F6g7H8i9J0k1L2"}`;

describe("testProductionMix", () => {
  it.each([
    ["tests run in production", createCheckInput({ environment: "production", commands: ["npm test"] })],
    [
      "a production deploy from staging",
      createCheckInput({ environment: "staging", commands: ["./deploy.sh --target=prod"] }),
    ],
    [
      "a production env file in a dev context",
      createCheckInput({ environment: "dev", target_files: [".env.production"] }),
    ],
    [
      "production and test paths together",
      createCheckInput({ target_files: ["config/test.yml", "config/production.yml"] }),
    ],
    [
      "production with an unknown environment name",
      createCheckInput({ environment: "blue", commands: ["make deploy ENV=prod"] }),
    ],
  ])("halts on %s", (_label, input) => {
    const reason = runCondition(testProductionMix(), "test_production_mix", input);
    expect(reason).toMatchObject({
      halt_type: "environment",
      condition_name: "test_production_mix",
      severity: "critical",
    });
    expect(reason?.description).toMatch(/^Cannot verify environment boundaries: /);
  });

  it.each([
    [
      "production only",
      createCheckInput({ environment: "production", commands: ["kubectl get pods -n prod"] }),
    ],
    ["staging only", createCheckInput({ environment: "staging", commands: ["npm test"] })],
    [
      "npm flags are not environments",
      createCheckInput({ environment: "test", commands: ["npm install --production", "npm i --save-dev x"] }),
    ],
    [
      "device paths are not environments",
      createCheckInput({ environment: "production", commands: ["echo x > /dev/null"] }),
    ],
    ["no environment information", createCheckInput({ commands: ["ls"] })],
    [
      "a production credential (credential_confusion's job)",
      createCheckInput({ environment: "staging", commands: ["psql $PROD_DATABASE_URL -c 'select 1'"] }),
    ],
  ])("does not halt on %s", (_label, input) => {
    expect(runCondition(testProductionMix(), "test_production_mix", input)).toBeNull();
  });
});

describe("credentialConfusion", () => {
  it.each([
    [
      "a prod connection string in staging",
      createCheckInput({
        environment: "staging",
        commands: ["psql postgres://app:s3cretpw@prod-db.internal/app"],
      }),
    ],
    [
      "a prod variable in staging",
      createCheckInput({ environment: "staging", commands: ["psql $PROD_DATABASE_URL -c 'select 1'"] }),
    ],
    [
      "a live Stripe key in test",
      createCheckInput({ environment: "test", commands: [`STRIPE_KEY=${stripeLive} npm test`] }),
    ],
    [
      "a prod AWS profile in dev",
      createCheckInput({ environment: "development", commands: ["aws s3 ls --profile prod"] }),
    ],
    [
      "a staging kube context in production",
      createCheckInput({ environment: "production", commands: ["kubectl --context staging get pods"] }),
    ],
    [
      "credentials of two environments without a declared one",
      createCheckInput({ commands: ["export STAGING_API_KEY=x1", "export PROD_API_KEY=y2"] }),
    ],
    [
      "a prod password in the diff",
      createCheckInput(
        { environment: "qa" },
        {
          files_to_modify: ["a"],
          has_tests: true,
          has_rollback_plan: true,
          diff: "+PROD_DB_PASSWORD=hunter2hunter2",
        },
      ),
    ],
  ])("halts on %s", (_label, input) => {
    const reason = runCondition(credentialConfusion(), "credential_confusion", input);
    expect(reason).toMatchObject({ condition_name: "credential_confusion", severity: "high" });
    expect(reason?.description).not.toContain("s3cretpw");
    expect(reason?.description).not.toContain("hunter2hunter2");
  });

  it.each([
    [
      "a matching credential",
      createCheckInput({ environment: "staging", commands: ["psql $STAGING_DATABASE_URL"] }),
    ],
    [
      "a test Stripe key in test",
      createCheckInput({ environment: "test", commands: [`STRIPE_KEY=${stripeTest} npm test`] }),
    ],
    [
      "a credential without an environment",
      createCheckInput({ environment: "staging", commands: ["psql $DATABASE_URL"] }),
    ],
    ["no credentials", createCheckInput({ environment: "production", commands: ["ls"] })],
  ])("does not halt on %s", (_label, input) => {
    expect(runCondition(credentialConfusion(), "credential_confusion", input)).toBeNull();
  });

  it("masks the secret in the reported reference", () => {
    const [reference] = findCredentialReferences("DATABASE_URL=postgres://u:topsecret@prod-db/app");
    expect(reference?.environment).toBe("production");
    expect(reference?.text).toBe("DATABASE_URL=postgres://u:***@prod-db/app");
  });
});

describe("sharedInstances", () => {
  it("halts when test and production share a database server", () => {
    const input = createCheckInput({
      services: [
        { name: "db", environment: "production", endpoint: "postgres://app:pw@db.internal/app" },
        { name: "db", environment: "test", endpoint: "postgresql://tester@DB.internal:5432/app_test" },
      ],
    });
    const reason = runCondition(sharedInstances(), "shared_instances", input);
    expect(reason).toMatchObject({ condition_name: "shared_instances", severity: "medium" });
    expect(reason?.description).toContain("db.internal:5432");
  });

  it.each([
    [
      "separate servers",
      [
        { environment: "production", endpoint: "postgres://db-prod/app" },
        { environment: "test", endpoint: "postgres://db-test/app" },
      ],
    ],
    [
      "the same server for test and staging only",
      [
        { environment: "staging", endpoint: "redis://cache:6379" },
        { environment: "test", endpoint: "redis://cache" },
      ],
    ],
    [
      "different ports",
      [
        { environment: "production", endpoint: "http://api:8080" },
        { environment: "dev", endpoint: "http://api:8081" },
      ],
    ],
  ])("does not halt with %s", (_label, services) => {
    expect(runCondition(sharedInstances(), "shared_instances", createCheckInput({ services }))).toBeNull();
  });

  it("normalises endpoints to host and port", () => {
    expect(endpointInstance("POSTGRES://u:p@Db.Internal/app?ssl=1")).toBe("db.internal:5432");
    expect(endpointInstance("db.internal:6543")).toBe("db.internal:6543");
  });
});

describe("environment markers", () => {
  it.each([
    ["prod", "production"],
    ["Production", "production"],
    ["live", "production"],
    ["stage", "staging"],
    ["QA", "test"],
    ["local", "development"],
    ["blue", null],
  ])("classifyEnvironmentName(%s) = %s", (name, expected) => {
    expect(classifyEnvironmentName(name)).toBe(expected);
  });

  it("reads words, not substrings", () => {
    expect([...findEnvironmentMarkers("deploy prod-db and products")]).toEqual(["production"]);
    expect([...findEnvironmentMarkers("pytest --devtools /dev/sda")]).toEqual([]);
  });
});
