import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "./env.ts";

function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("parseEnv accepted an invalid configuration");
}

describe("parseEnv", () => {
  test("defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      HOST: "0.0.0.0",
      PORT: 3000,
      DATABASE_POOL_MAX: 10,
      DATABASE_PREPARED_STATEMENTS: true,
      LOG_LEVEL: "info",
    });
    // Behind a transaction-mode pooler (ADR 068 addendum).
    expect(parseEnv({ DATABASE_PREPARED_STATEMENTS: "false" }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.API_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.resolve(".data"));
    expect(env.CLASSIFIER_DATA_DIR).toBe(path.resolve("../shared/data"));
  });

  test("accepts valid values and treats empty URLs as unset", () => {
    const env = parseEnv({
      PORT: "8080",
      DATABASE_URL: "postgresql://user:pw@db:5432/postavka",
      API_URL: "",
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      AUTH_SECRET: "x".repeat(40),
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgresql://user:pw@db:5432/postavka");
    expect(env.API_URL).toBeUndefined();
    expect(env.LOG_LEVEL).toBe("silent");
  });

  test.each([["abc"], ["70000"], ["-1"], ["80.5"]])("PORT=%s is rejected", (value) => {
    const error = configError({ PORT: value });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain(JSON.stringify(value));
  });

  test("DATABASE_URL must be a postgres:// URL", () => {
    const error = configError({ DATABASE_URL: "http://localhost:5432/postavka" });
    expect(error.message).toMatch(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
  });

  test("production refuses to start without mail delivery unless the outbox is chosen on purpose (review F18)", () => {
    expect(configError({ NODE_ENV: "production" }).message).toMatch(/SMTP_URL: is required in production/);
    expect(parseEnv({ NODE_ENV: "production", OUTBOX: "true" }).OUTBOX).toBe(true);
    expect(configError({ NODE_ENV: "production", SMTP_URL: "smtp://m.example" }).message).toMatch(/AUTH_SECRET: is required in production/);
    expect(configError({ AUTH_SECRET: "short" }).message).toContain("AUTH_SECRET");
    expect(parseEnv({ NODE_ENV: "development" }).OUTBOX).toBe(false);
  });

  test("TRUST_PROXY=true is refused (any client could choose its address)", () => {
    expect(configError({ TRUST_PROXY: "true" }).message).toContain("TRUST_PROXY");
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
  });

  test("LOG_LEVEL must be a pino level", () => {
    expect(configError({ LOG_LEVEL: "verbose" }).message).toContain("LOG_LEVEL");
  });

  test("names every bad variable at once", () => {
    const error = configError({ PORT: "x", DATABASE_URL: "http://db", LOG_LEVEL: "loud", API_URL: "ftp://x" });
    for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL", "API_URL"]) expect(error.message).toContain(`${name}:`);
    expect(error.message.split("\n").filter((line) => line.startsWith("  "))).toHaveLength(4);
  });
  test("file storage and suggestions: local storage and no DaData by default; S3 and DaData when configured", () => {
    const defaults = parseEnv({});
    expect(defaults).toMatchObject({
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: "",
      UPLOAD_TTL_HOURS: 24,
      DADATA_URL: "https://suggestions.dadata.ru",
    });
    expect(defaults.S3_BUCKET).toBeUndefined();
    expect(defaults.DADATA_TOKEN).toBeUndefined();
    const env = parseEnv({
      S3_BUCKET: "media",
      S3_ENDPOINT: "https://storage.yandexcloud.net",
      S3_FORCE_PATH_STYLE: "false",
      S3_PREFIX: "postavka/",
      DADATA_TOKEN: " abc ",
      UPLOAD_TTL_HOURS: "48",
    });
    expect(env).toMatchObject({
      S3_BUCKET: "media",
      S3_FORCE_PATH_STYLE: false,
      S3_PREFIX: "postavka/",
      DADATA_TOKEN: "abc",
      UPLOAD_TTL_HOURS: 48,
    });
    const error = configError({ S3_ENDPOINT: "ftp://x", S3_PREFIX: "../", DADATA_URL: "nope", UPLOAD_TTL_HOURS: "0" });
    for (const name of ["S3_ENDPOINT", "S3_PREFIX", "DADATA_URL", "UPLOAD_TTL_HOURS"]) expect(error.message).toContain(`${name}:`);
  });
});
