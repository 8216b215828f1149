/**
 * `GET /app/data` — the app data object the client loads at start (spec §3, §7):
 * `{ appName, defaultLanguage, languages: [{ code, region, name }], defaultCurrency, currencies, classifiers }`.
 */
import { Hono } from "hono";
import { classifierStats } from "../classifiers/repository.ts";
import type { ApiEnv } from "./app.ts";
import { PUBLIC_CACHE, ok } from "./http.ts";

export const APP_NAME = "Postavka";

export const languages = [
  { code: "ru", region: "ru-RU", name: "Русский" },
  { code: "en", region: "en-US", name: "English" },
  { code: "zh", region: "zh-CN", name: "中文" },
] as const;

export const appDataRoutes = new Hono<ApiEnv>().get("/app/data", async (c) => {
  const classifiers = await classifierStats(c.var.db);
  c.header("Cache-Control", PUBLIC_CACHE);
  return ok(c, {
    appName: APP_NAME,
    defaultLanguage: "ru",
    languages,
    defaultCurrency: "RUB",
    currencies: ["RUB", "CNY", "USD"],
    classifiers,
  });
});
