/**
 * Helpers of the admin-area e2e tests (issue 7): signing in through the real code e-mails (the mail
 * catcher, scripts/mail-catcher.ts), giving a user a site role with `npm run admin -- grant` on the
 * test server's database (its control port, scripts/e2e-server.ts), and the supplier's side through
 * the public API with the user's own access token:
 * - `publishedProductOfNewSupplier`: a supplier, a company in Liaozhong and a product with a price
 *   tier and a photo, submitted and approved with the CLI (the starting point: a published product;
 *   the changes under test are then made on the profile pages).
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { MAIL_HTTP_PORT } from "../../playwright.config.ts";
import { adminCli as runCli } from "./support/admin.ts";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits until `address` has at least `n` e-mails and returns them all. */
export async function waitForMails(address: string, n: number): Promise<Mail[]> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  return mailsTo(address);
}

/** A unique address for this test run and project. */
export function newAddress(label: string, project: string): string {
  return `${label}.${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/**
 * Signs `email` in on the Russian sign-in page (registering a new person as `first last`), through
 * the code in the e-mail; ends signed in on the home page (or `redirectTo`).
 */
export async function signIn(page: Page, email: string, names: [string, string] = ["Анна", "Петрова"], redirectTo?: string) {
  const before = (await mailsTo(email)).length;
  await page.goto(redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth");
  await page.getByLabel("E-mail или телефон").fill(email);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page).toHaveURL(/\/auth\/code$/);
  const mails = await waitForMails(email, before + 1);
  const code = mails.at(-1)!.text.match(/^\s*(\d{6})\s*$/m)![1]!;
  await page.getByLabel(/^Код$/).fill(code);
  await page.getByRole("button", { name: /^Войти$/ }).click();
  if (before === 0) {
    await expect(page).toHaveURL(/\/auth\/registration$/);
    await page.getByLabel("Имя").fill(names[0]);
    await page.getByLabel("Фамилия").fill(names[1]);
    await page.getByLabel(/Принимаю условия/).check();
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  }
  await expect(page).not.toHaveURL(/\/auth(\/|\?|$)/, { timeout: 20_000 });
  await expect(page.locator(".account-name")).toContainText(names[0]);
}

/** Runs `npm run admin -- …argv` on the e2e server's database; expects exit code 0. */
export async function adminCli(...argv: string[]): Promise<string[]> {
  const result = await runCli(...argv);
  expect(result.code, `npm run admin -- ${argv.join(" ")}: ${result.lines.join(" ")}`).toBe(0);
  return result.lines;
}

/** The signed-in browser's access token (the `access` cookie the web tier forwards as a bearer token). */
export async function accessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "access");
  expect(cookie, "signed in").toBeDefined();
  return cookie!.value;
}

/** A client of the site's public API acting as the signed-in user of `context`. */
export async function apiAs(context: BrowserContext, baseURL: string) {
  const token = await accessToken(context);
  return async function call<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit & { headers: Record<string, string> } = { method, headers: { authorization: `Bearer ${token}` } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(new URL(path, baseURL), init);
    const json = (await response.json()) as { data?: T; error?: unknown };
    expect(response.ok, `${method} ${path} → ${response.status} ${JSON.stringify(json)}`).toBe(true);
    return json.data as T;
  };
}

export type SupplierApi = Awaited<ReturnType<typeof apiAs>>;

export interface PublishedProduct {
  companyId: number;
  productId: number;
  names: { ru: string; en: string; zh: string };
}

/**
 * A new supplier (signed in on `page`) creates a company in Liaozhong District and a product with a
 * price tier and a photo, submits both, and the CLI approves them: the product is public.
 */
export async function publishedProductOfNewSupplier(page: Page, baseURL: string, tag: string): Promise<{ api: SupplierApi; product: PublishedProduct }> {
  const api = await apiAs(page.context(), baseURL);
  const company = await api<{ id: number }>("POST", "/api/profile/company", {
    name: { zh: `沈阳辽中鑫达农机有限公司 ${tag}`, ru: `Шэньян Ляочжун Синьда Агро ${tag}`, en: `Shenyang Liaozhong Xinda Agri ${tag}` },
    description: { zh: "旋耕机刀片和农机配件。", ru: "Ножи почвофрез и запчасти к сельхозтехнике." },
    sourceLang: "zh",
    country: "CN",
    regionCode: "CN-21",
    city: { zh: "沈阳", ru: "Шэньян", en: "Shenyang" },
    address: { zh: "辽宁省沈阳市辽中区蒲东街道88号", ru: "г. Шэньян, район Ляочжун, ул. Пудун, 88", en: "No. 88 Pudong Street, Liaozhong District, Shenyang" },
  });
  const names = { ru: `Ножи почвофрезы ${tag}`, en: `Rotary tiller blades ${tag}`, zh: `旋耕机刀片 ${tag}` };
  const product = await api<{ id: number }>("POST", "/api/profile/company/products", { name: names, sourceLang: "zh", tnvedCode: "8432291000" });
  await api("PUT", `/api/profile/company/products/${product.id}/prices`, { tiers: [{ minQuantity: 100, price: "12.50", currency: "CNY", unit: "pcs" }] });
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3a7d44" } }).jpeg().toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(photo)], "blade.jpg", { type: "image/jpeg" }));
  await api("POST", `/api/profile/company/products/${product.id}/files`, form);
  await api("PATCH", "/api/profile/company/status", { action: "submit" });
  await api("PATCH", `/api/profile/company/products/${product.id}/status`, { action: "submit" });
  await adminCli("approve", "company", String(company.id));
  await adminCli("approve", "product", String(product.id));
  return { api, product: { companyId: company.id, productId: product.id, names } };
}

/** A fresh, signed-in site moderator (registered through the sign-in pages, granted by the CLI). */
export async function signInAsModerator(page: Page, project: string, role: "MODERATOR" | "ADMIN" = "MODERATOR") {
  const email = newAddress(role.toLowerCase(), project);
  await signIn(page, email, ["Мария", "Модераторова"]);
  await adminCli("grant", email, role);
  return email;
}
