/**
 * E2E: the production build served by scripts/e2e-server.ts (fresh embedded database with the real
 * classifiers) in Debian's Chromium (its headless shell when installed: scripts/lib/chromium.ts,
 * ADR 071), once with JavaScript and once without.
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, E2E_CHROMIUM_PATH } from "./scripts/lib/chromium.ts";
import {
  APP_PORT,
  AUTH_RESEND_AFTER_S,
  DADATA_PORT,
  MAIL_HTTP_PORT,
  MAIL_SMTP_PORT,
  PAGE_VIEWS_LOG,
  TRANSLATOR_PORT,
} from "./tests/e2e/support/ports.ts";

const DADATA_TOKEN = "e2e-dadata-token";
const TRANSLATION_API_KEY = "e2e-translation-key";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: ["--headless", ...CHROMIUM_FLAGS, "--disable-quic"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // One retry: a test that passes only on its retry is reported as flaky (list reporter and the
  // Total line of scripts/test.ts) so it gets fixed, without one timing hiccup on a loaded CI machine
  // throwing away a whole run.
  retries: 1,
  // A test's whole budget, not a speed target: on a busy 2-core machine (two workers, the server,
  // PGlite and two Chromiums) a page load takes 1–3 s, so a five-step journey needs more than 30 s.
  // Single waits stay at 10 s (expect), so a missing element still fails fast.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { baseURL: `http://localhost:${APP_PORT}`, locale: "ru-RU", trace: "retain-on-failure" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /proxy\.spec\.ts/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /proxy\.spec\.ts/ },
    // nginx in front of two server processes on PostgreSQL (HTTP only, no browser page).
    { name: "proxy", testMatch: /proxy\.spec\.ts/ },
  ],
  webServer: [
    {
      command: "node scripts/mail-catcher.ts",
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      command: "node tests/support/fake-dadata-server.ts",
      url: `http://127.0.0.1:${DADATA_PORT}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_DADATA_PORT: String(DADATA_PORT), DADATA_TOKEN },
    },
    {
      command: "node tests/support/fake-translator.ts",
      url: `http://127.0.0.1:${TRANSLATOR_PORT}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_TRANSLATOR_PORT: String(TRANSLATOR_PORT), TRANSLATION_API_KEY },
    },
    {
      command: "node scripts/e2e-server.ts",
      url: `http://localhost:${APP_PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      // NODE_ENV must be set before React loads: it picks its build at import time. Sign-in limits are
      // raised (every test signs in from 127.0.0.1) and the resend countdown shortened (AUTH_RESEND_AFTER_S).
      env: {
        PORT: String(APP_PORT),
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        // Text messages go to the mail catcher too (its /sms endpoint), where tests read them.
        SMS_URL: `http://127.0.0.1:${MAIL_HTTP_PORT}/sms`,
        AUTH_RESEND_AFTER_S: String(AUTH_RESEND_AFTER_S),
        // Mail to companies nobody runs waits for a day-old sender account (review N13); test buyers are minutes old.
        UNCLAIMED_MAIL_MIN_AGE_H: "0",
        AUTH_SEND_PER_TARGET: "100",
        AUTH_SEND_PER_IP: "10000",
        AUTH_VERIFY_PER_IP: "10000",
        // The page cache is on as in production, but only for 2 s and never stale: tests that change
        // data from outside this process (the moderation CLI) then see the change almost at once.
        PAGE_CACHE_TTL_S: "2",
        PAGE_CACHE_STALE_S: "0",
        PAGE_VIEWS_LOG,
        DADATA_URL: `http://127.0.0.1:${DADATA_PORT}`,
        DADATA_TOKEN,
        TRANSLATION_PROVIDER: "libretranslate",
        TRANSLATION_URL: `http://127.0.0.1:${TRANSLATOR_PORT}`,
        TRANSLATION_API_KEY,
      },
      stdout: "pipe",
    },
  ],
});
