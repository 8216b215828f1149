/**
 * Helpers of the specs that need the site's staff or a supplier's data set up from outside the
 * browser (issue 7):
 * - `adminCli("approve", "product", "12")` runs `npm run admin -- approve product 12` on the e2e
 *   server's live database (its control socket, scripts/e2e-server.ts) and resolves to
 *   `{ code, lines }`; `adminCliOk` expects exit code 0 and returns the lines;
 * - `apiAs(context, baseURL)`: the site's public API acting as the signed-in user of a browser;
 * - `publishedProductOfNewSupplier`: a supplier, a company in Liaozhong and a product with a price
 *   tier and a photo, submitted and approved with the CLI (the starting point: a published product;
 *   the changes under test are then made on the profile pages);
 * - `newSupplier`: the same for a person who signs in on a browser context of their own;
 * - `signInAsModerator`: a fresh, signed-in site moderator.
 */
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { APP_PORT } from "./ports.ts";
import { runAdminCommand } from "#scripts/lib/e2e-admin.ts";
import { newAddress, registerUser, signIn } from "./session.ts";
import { jpegPhoto } from "#tests/support/files.ts";

export function adminCli(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  return runAdminCommand(APP_PORT, argv);
}

/** Runs `npm run admin -- …argv` on the e2e server's database; expects exit code 0. */
export async function adminCliOk(...argv: string[]): Promise<string[]> {
  const result = await adminCli(...argv);
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
export async function publishedProductOfNewSupplier(
  page: Page,
  baseURL: string,
  tag: string,
): Promise<{ api: SupplierApi; product: PublishedProduct }> {
  const api = await apiAs(page.context(), baseURL);
  const company = await api<{ id: number }>("POST", "/api/profile/company", {
    name: { zh: `沈阳辽中鑫达农机有限公司 ${tag}`, ru: `Шэньян Ляочжун Синьда Агро ${tag}`, en: `Shenyang Liaozhong Xinda Agri ${tag}` },
    description: { zh: "旋耕机刀片和农机配件。", ru: "Ножи почвофрез и запчасти к сельхозтехнике." },
    sourceLang: "zh",
    country: "CN",
    regionCode: "CN-21",
    city: { zh: "沈阳", ru: "Шэньян", en: "Shenyang" },
    address: {
      zh: "辽宁省沈阳市辽中区蒲东街道88号",
      ru: "г. Шэньян, район Ляочжун, ул. Пудун, 88",
      en: "No. 88 Pudong Street, Liaozhong District, Shenyang",
    },
  });
  const names = { ru: `Ножи почвофрезы ${tag}`, en: `Rotary tiller blades ${tag}`, zh: `旋耕机刀片 ${tag}` };
  const product = await api<{ id: number }>("POST", "/api/profile/company/products", {
    name: names,
    sourceLang: "zh",
    tnvedCode: "8432291000",
  });
  await api("PUT", `/api/profile/company/products/${product.id}/prices`, {
    tiers: [{ minQuantity: 100, price: "12.50", currency: "CNY", unit: "pcs" }],
  });
  const photo = await jpegPhoto(320, 240, "#3a7d44");
  const form = new FormData();
  form.set("file", new File([new Uint8Array(photo)], "blade.jpg", { type: "image/jpeg" }));
  await api("POST", `/api/profile/company/products/${product.id}/files`, form);
  await api("PATCH", "/api/profile/company/status", { action: "submit" });
  await api("PATCH", `/api/profile/company/products/${product.id}/status`, { action: "submit" });
  await adminCliOk("approve", "company", String(company.id));
  await adminCliOk("approve", "product", String(product.id));
  return { api, product: { companyId: company.id, productId: product.id, names } };
}

/** Who the new supplier is; the `newSupplier` fixture of ./test.ts takes these. */
export interface NewSupplierOptions {
  /** Of the address: `newAddress(label, project)`. */
  label: string;
  names: readonly [string, string];
  locale?: string;
  lang?: "ru" | "zh";
  /** Marks the company's and product's names, so a test finds its own among earlier runs'. */
  tag: string;
}

/** What the test itself runs with: the supplier's browser is of the same project. */
export interface SupplierContext {
  baseURL: string;
  javaScriptEnabled: boolean;
  project: string;
}

export interface NewSupplier {
  /** Signed in, on a browser context of its own: close it with `supplier.page.context().close()`. */
  page: Page;
  email: string;
  api: SupplierApi;
  product: PublishedProduct;
}

/**
 * A new person, in a browser context of their own, registers as `names` (on the Russian sign-in
 * page, or the Chinese one with `lang: "zh"`) and gets a published company and product
 * (`publishedProductOfNewSupplier`): the supplier the buyer of a test writes to.
 */
export async function newSupplier(browser: Browser, options: NewSupplierOptions & SupplierContext): Promise<NewSupplier> {
  const { baseURL, javaScriptEnabled, locale } = options;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, ...(locale ? { locale } : {}) });
  const page = await context.newPage();
  const email = newAddress(options.label, options.project);
  const [firstName, lastName] = options.names;
  if (options.lang === "zh") await registerUser(page, email, { lang: "zh", firstName, lastName });
  else await signIn(page, email, options.names);
  const { api, product } = await publishedProductOfNewSupplier(page, baseURL, options.tag);
  return { page, email, api, product };
}

/** A fresh, signed-in site moderator (registered through the sign-in pages, granted by the CLI). */
export async function signInAsModerator(page: Page, project: string, role: "MODERATOR" | "ADMIN" = "MODERATOR") {
  const email = newAddress(role.toLowerCase(), project);
  await signIn(page, email, ["Мария", "Модераторова"]);
  await adminCliOk("grant", email, role);
  return email;
}
