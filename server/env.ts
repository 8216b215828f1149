/**
 * Process configuration, read once from environment variables and validated with zod.
 *
 * Every variable is documented in the README's configuration table. A wrong value stops
 * start-up with one line per problem (`loadEnv` prints and exits with code 78, EX_CONFIG),
 * so a typo never becomes a half-working server.
 */
import { parseTrustProxy } from "./client-ip.ts";
import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);
/** A yes/no switch that is on unless set to `false` or `0` (`true`/`1` also say on). */
const switchOnByDefault = () =>
  z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1");
/** An optional text variable: trimmed, and empty counts as unset (`undefined`). */
const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v));
/** An optional http(s)/postgres URL (see optionalText) that must start with one of `protocols` and parse. */
const optionalUrl = (protocols: string[]) =>
  optionalText()
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: "is not a valid URL" });

/** A list of http(s) URLs separated by commas or spaces; each must be a valid URL. */
const optionalUrlList = () =>
  optionalText().refine(
    (v) =>
      v === undefined ||
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .every((u) => /^https?:\/\//.test(u) && URL.canParse(u)),
    { message: "must be http(s) URLs separated by commas or spaces" },
  );

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /**
     * Address to listen on. Default: `127.0.0.1` in production — only the reverse proxy on the same
     * machine reaches the app, so nobody can talk to it past the proxy and forge X-Forwarded-For
     * (review N12; ADR 040) — and `0.0.0.0` otherwise. Set it (e.g. `0.0.0.0`, a LAN address) when
     * the proxy runs elsewhere, and trust that proxy by address (TRUST_PROXY, docs/deploy.md §2).
     */
    HOST: z.string().min(1).optional(),
    PORT: port.default(3000),
    /** Folder for the embedded database and other local state. */
    DATA_DIR: z.string().min(1).default(".data"),
    /** PostgreSQL ≥ 15 server; when absent the embedded PGlite database under DATA_DIR is used. */
    DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
    /**
     * PostgreSQL streaming replicas (hot standbys of DATABASE_URL) that answer anonymous reads, separated
     * by commas or spaces (ADR 058, server/db/replicas.ts). Ignored on the embedded database.
     */
    DATABASE_REPLICA_URLS: optionalText()
      .refine(
        (v) =>
          v === undefined ||
          v
            .split(/[\s,]+/)
            .filter(Boolean)
            .every((u) => /^postgres(ql)?:\/\//.test(u) && URL.canParse(u)),
        { message: "must be postgres:// URLs separated by commas or spaces" },
      )
      .transform((v) => (v ?? "").split(/[\s,]+/).filter(Boolean)),
    /** A replica further behind the primary than this many milliseconds of WAL is skipped (ADR 058). */
    DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** Bearer token that opens `/metrics` (Prometheus text); unset: `/metrics` answers 404. */
    METRICS_TOKEN: optionalText(),
    /** Maximum connections in the pool to a PostgreSQL server. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * Run the product search as a named prepared statement per query shape, planned once instead of
     * on every search (ADR 068; default). `false` behind a pooler that does not keep prepared
     * statements across transactions: PgBouncer in transaction mode before 1.21 (Debian 12 ships 1.18).
     */
    DATABASE_PREPARED_STATEMENTS: switchOnByDefault(),
    /** Upstream API; when absent the web tier calls the in-process API app. */
    API_URL: optionalUrl(["http://", "https://"]),
    /** Public origin used for canonical and hreflang links, e.g. https://postavka.example. */
    PUBLIC_URL: optionalUrl(["http://", "https://"]),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** How often an open page asks whether a new build is out, in seconds; 0 turns it off (ADR 005). */
    BUILD_CHECK_INTERVAL: z.coerce.number().int().min(0).max(86_400).default(600),
    /** Seconds an anonymous visitor's rendered page is reused (server/page-cache.ts); 0 turns the cache off. */
    PAGE_CACHE_TTL_S: z.coerce.number().int().min(0).max(3600).default(15),
    /** Seconds after that a page may still be served while it is rendered again in the background (stale-while-revalidate). */
    PAGE_CACHE_STALE_S: z.coerce.number().int().min(0).max(3600).default(45),
    /**
     * A file each counted page view (ADR 051) is appended to as a JSON line with the headers that
     * decided it; unset: none. A debugging aid (the e2e server sets it), not for production.
     */
    PAGE_VIEWS_LOG: optionalText(),
    /** Memory the page cache may hold, MB: the UTF-8 bytes of the stored pages and their deflated copies (ADR 019, 061). */
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(64),
    /**
     * Requests one process works on at once beyond which a new one is answered 503 with Retry-After
     * (server/load-shedding.ts, ADR 065); anonymous GETs are shed from 3/4 of it. 0 = no bound.
     */
    MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(64),
    /** Mean event-loop delay (ms, over the last second) beyond which anonymous GETs are shed; 0 = off (ADR 065). */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** SMTP server for sign-in codes, e.g. smtp://user:pass@mail.example:587; without it mail goes to DATA_DIR/outbox. */
    SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
    /** Sender of outgoing mail. */
    MAIL_FROM: z.string().min(3).default("Postavka <no-reply@postavka.local>"),
    /**
     * SMS gateway (server/auth/delivery/sms.ts): `smsru` (SMS.RU's HTTP API, needs SMS_API_ID) or
     * `webhook` (POST JSON {to, text} to SMS_URL); unset means `webhook` when SMS_URL is set, else
     * no gateway (SMS go to DATA_DIR/outbox outside production).
     */
    SMS_PROVIDER: z.enum(["smsru", "webhook"]).optional(),
    /** The webhook's URL, or SMS.RU's origin (default https://sms.ru). */
    SMS_URL: optionalUrl(["http://", "https://"]),
    /** Bearer token of the webhook provider. */
    SMS_TOKEN: z.string().optional(),
    /** SMS.RU's api_id (the account's API key). */
    SMS_API_ID: optionalText(),
    /** SMS.RU sender name approved for the account; the account's default when unset. */
    SMS_FROM: optionalText(),
    /** SMS (sign-in and contact codes) the whole site sends per hour; beyond it phone codes wait (security review F9). */
    SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000),
    /** SMS to the numbers of any one country per hour, unless SMS_BUDGET_COUNTRIES names it. */
    SMS_BUDGET_PER_COUNTRY_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(50),
    /** Hourly SMS budgets of particular countries, `RU=1000,CN=200` (default `RU=1000`). */
    SMS_BUDGET_COUNTRIES: z
      .string()
      .default("RU=1000")
      .superRefine((value, ctx) => {
        try {
          parseCountryBudgets(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
    /** Seconds between two sign-in codes to one address (the resend countdown). */
    AUTH_RESEND_AFTER_S: z.coerce.number().int().min(0).max(3600).default(60),
    UNCLAIMED_MAIL_MIN_AGE_H: z.coerce.number().int().min(0).max(720).default(24),
    /** Products one company may have, drafts included (server/profile/products.ts `companyProductLimit`). */
    COMPANY_PRODUCT_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
    /** Sign-in codes one address may receive per 10 minutes. */
    AUTH_SEND_PER_TARGET: z.coerce.number().int().min(1).max(100_000).default(3),
    /** Sign-in codes one IP may request per 10 minutes. */
    AUTH_SEND_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Code checks one IP may make per 10 minutes. */
    AUTH_VERIFY_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
    /** S3-compatible object storage for uploads; when S3_BUCKET is unset files go to DATA_DIR/files. */
    S3_BUCKET: optionalText(),
    /** S3 service URL (e.g. https://storage.yandexcloud.net, http://127.0.0.1:9000); unset means Amazon S3. */
    S3_ENDPOINT: optionalUrl(["http://", "https://"]),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Path-style addressing (endpoint/bucket/key), needed by most self-hosted services. */
    S3_FORCE_PATH_STYLE: switchOnByDefault(),
    /** Key prefix inside the bucket, e.g. `postavka/`. */
    S3_PREFIX: z
      .string()
      .regex(/^((?!\.\.?\/)[A-Za-z0-9._-]+\/)*$/, "must be empty or folder names (not . or ..) each ending with /")
      .default(""),
    /** MB of uploads one user may keep stored (security review F25). */
    STORAGE_QUOTA_USER_MB: z.coerce.number().int().min(1).max(10_000_000).default(1024),
    /** MB of uploads the members of one company may keep stored together. */
    STORAGE_QUOTA_COMPANY_MB: z.coerce.number().int().min(1).max(10_000_000).default(5120),
    /** Hours a temporary upload (/api/files/common) is kept before it is deleted unless attached. */
    UPLOAD_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** DaData API key for INN and address suggestions; without it those endpoints answer with no suggestions. */
    DADATA_TOKEN: optionalText(),
    /** DaData-compatible suggestions service. */
    DADATA_URL: z
      .string()
      .trim()
      .default("https://suggestions.dadata.ru")
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { message: "must be an http(s) URL" }),
    /** The Bank of Russia's daily rates (XML_daily.asp) fetched by the daily `import-rates` job; unset: no fetching. */
    CBR_RATES_URL: optionalUrl(["http://", "https://"]),
    /**
     * FNS open registers fetched by the monthly `import-registers` job (issue 30): http(s) URLs of the
     * ZIP archives or of their open-data passports (meta.csv), separated by commas or spaces, any data
     * set; the per-data-set variables below add to it. Unset: no fetching.
     */
    REGISTERS_URL: optionalUrlList(),
    /** The Unified Register of SMEs (7707329152-rsmp) archive or passport. */
    REGISTERS_SME_URL: optionalUrl(["http://", "https://"]),
    /** The average headcount data set (7707329152-sshr2019) archive or passport. */
    REGISTERS_HEADCOUNT_URL: optionalUrl(["http://", "https://"]),
    /** The revenue and expenses data set (7707329152-revexp) archive or passport. */
    REGISTERS_FINANCE_URL: optionalUrl(["http://", "https://"]),
    /**
     * Yandex Maps JS API v3 key: the supplier page then shows an interactive map (loaded lazily in the
     * browser, CSP opened for the Yandex Maps hosts only then); without it, a link to yandex.ru/maps.
     */
    YANDEX_MAPS_API_KEY: optionalText(),
    /** Reference data folder read by the classifier importer. */
    CLASSIFIER_DATA_DIR: z.string().min(1).default("../shared/data"),
    /**
     * Proxies whose X-Forwarded-For is believed (server/client-ip.ts): a hop count, or addresses/CIDRs
     * (`loopback`, `10.0.0.0/8`); empty or `false` trusts none.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        try {
          parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
    /**
     * Keep e-mails and SMS in DATA_DIR/outbox and print them, instead of delivering them: the demo and
     * the test servers. Production refuses to start without SMTP_URL unless this is set on purpose
     * (security review F18: sign-in codes must not end up in logs by accident).
     */
    /**
     * Apply pending migrations when the server starts (default). `false` when migrations run as a
     * separate release step (`npm run db:migrate`) before new processes start (docs/deploy.md).
     */
    MIGRATE_ON_START: switchOnByDefault(),
    /**
     * Secret (≥ 32 characters) the signing and one-time-code keys are sealed under in the database
     * (review F17). Every process of a deployment needs the same one. Required in production unless
     * OUTBOX is set (a demo then keeps a generated one in DATA_DIR/auth-secret, outside the database).
     */
    AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    /**
     * Run background jobs (server/jobs) in this process. Every process may: each job runs once
     * across them. `false` for a process that should only serve requests.
     */
    JOBS_WORKER: switchOnByDefault(),
    /**
     * Machine translation of supplier content (ADR 031): `libretranslate` (a self-hosted
     * LibreTranslate-compatible server at TRANSLATION_URL) or `yandex` (Yandex Cloud Translate v2);
     * `none` (default) keeps texts in the language the supplier wrote.
     */
    TRANSLATION_PROVIDER: z.enum(["none", "libretranslate", "yandex"]).default("none"),
    /** The translation service's URL: required for `libretranslate`; for `yandex` it replaces the public endpoint (tests, proxies). */
    TRANSLATION_URL: optionalUrl(["http://", "https://"]),
    /** API key of the translation service (LibreTranslate `api_key`, Yandex `Api-Key`). */
    TRANSLATION_API_KEY: optionalText(),
    /** Yandex Cloud folder id the translations are billed to (required for `yandex`). */
    TRANSLATION_FOLDER_ID: optionalText(),
    /**
     * Characters one company's texts may send to the translation service a day, and the whole site's
     * (server/api/rate-limits.ts TRANSLATION_BUDGET, ADR 046); past one the translation waits a day.
     * At least 20,000: a product's name and description into one language must fit.
     */
    TRANSLATION_BUDGET_COMPANY_DAY: z.coerce.number().int().min(20_000).max(1_000_000_000).default(200_000),
    TRANSLATION_BUDGET_SITE_DAY: z.coerce.number().int().min(20_000).max(1_000_000_000).default(2_000_000),
    OUTBOX: z
      .enum(["true", "false", "1", "0", ""])
      .default("")
      .transform((v) => v === "true" || v === "1"),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === "smsru" && !env.SMS_API_ID) {
      ctx.addIssue({ code: "custom", path: ["SMS_API_ID"], message: "is required with SMS_PROVIDER=smsru (the SMS.RU api_id)" });
    }
    if (env.SMS_PROVIDER === "webhook" && !env.SMS_URL) {
      ctx.addIssue({ code: "custom", path: ["SMS_URL"], message: "is required with SMS_PROVIDER=webhook" });
    }
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET && !env.OUTBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production (the signing keys are sealed under it; e.g. `openssl rand -base64 48`)",
      });
    }
    if (env.TRANSLATION_PROVIDER === "libretranslate" && !env.TRANSLATION_URL) {
      ctx.addIssue({ code: "custom", path: ["TRANSLATION_URL"], message: "is required with TRANSLATION_PROVIDER=libretranslate" });
    }
    if (env.TRANSLATION_PROVIDER === "yandex") {
      for (const key of ["TRANSLATION_API_KEY", "TRANSLATION_FOLDER_ID"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required with TRANSLATION_PROVIDER=yandex" });
      }
    }
    if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.OUTBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message:
          "is required in production (sign-in codes must be delivered); set OUTBOX=true only for a demo, which prints every e-mail and code",
      });
    }
  });

/**
 * `RU=2000,CN=300` (the SMS_BUDGET_COUNTRIES variable) → `{ RU: 2000, CN: 300 }`. Throws on
 * anything else, so a typo stops start-up (server/env.ts).
 */
export function parseCountryBudgets(text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (text ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{2})\s*[=:]\s*(\d{1,7})$/.exec(part);
    if (!match) throw new Error(`"${part}" is not COUNTRY=NUMBER (e.g. RU=2000)`);
    out[match[1]!.toUpperCase()] = Number(match[2]);
  }
  return out;
}

export type Env = Omit<z.infer<typeof EnvSchema>, "HOST"> & { HOST: string };

/** Parses `source` (default `process.env`); throws a ConfigError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message} (got ${JSON.stringify(source[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === "production" ? "127.0.0.1" : "0.0.0.0"),
    DATA_DIR: path.resolve(env.DATA_DIR),
    CLASSIFIER_DATA_DIR: path.resolve(env.CLASSIFIER_DATA_DIR),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** `parseEnv` for process entry points: prints the problems and exits with EX_CONFIG (78). */
export function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`);
      process.exit(78);
    }
    throw error;
  }
}
