/**
 * API keys end to end (issue 29 §1; ADR 052), with JavaScript and without: a company owner creates
 * a key on `/profile/company/api-keys` (ru) and a person a personal key on
 * `/zh/profile/settings/api-keys` (zh); the secret is on the page that answers the form, with the
 * warning that it is shown once; a script uses it with `fetch` against the API; the key is revoked
 * through the page's confirmation and the next call is a 401. Screenshots at 1280 and 390 px go to
 * test-results/api-keys/ (and, with SHOTS_DIR set, there).
 */
import { expect, test } from "./support/test.ts";
import { hydrated, openPage } from "./support/page.ts";
import { apiAs } from "./support/admin.ts";
import { newAddress, signIn } from "./support/session.ts";
import type { Page } from "@playwright/test";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/api-keys";

async function shoot(page: Page, name: string, project: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/apikeys-${name}-${width}-${project}.png`, fullPage: width === 1280 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A call of the API with `key` as a bearer token, as a customer's script makes it. */
async function withKey(baseURL: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data?: any; error?: { code: string } } };
}

test("ru: an owner creates a company key, a script uses it, the owner revokes it and the next call is a 401", async ({
  page,
  baseURL,
  javaScriptEnabled,
  tag,
}, info) => {
  test.setTimeout(120_000);
  await signIn(page, newAddress("keys-owner", info.project.name), ["Ключ", "Владельцев"]);
  const owner = await apiAs(page.context(), baseURL!);
  await owner("POST", "/api/profile/company", { name: { ru: `Завод ключей ${tag}` }, country: "RU" });

  await openPage(page, "/profile/company/api-keys", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "API-ключи компании" })).toBeVisible();
  await expect(page.getByText("Ключей пока нет.")).toBeVisible();
  if (javaScriptEnabled && info.project.name === "js") await shoot(page, "company-empty", info.project.name);

  // A bad range is refused with the field's message, and what was typed stays.
  const name = `Обмен с 1С ${tag}`;
  await page.getByLabel("Название").fill(name);
  await page.getByRole("checkbox", { name: /catalog:read/ }).check();
  await page.getByRole("checkbox", { name: /products:write/ }).check();
  await page.getByLabel("Разрешённые IP-адреса").fill("10.0.0.0/33");
  await page.getByRole("button", { name: "Создать ключ" }).click();
  await expect(page.getByText(/Укажите IP-адреса или диапазоны CIDR/)).toBeVisible();
  await expect(page.getByLabel("Название")).toHaveValue(name);

  await page.getByLabel("Разрешённые IP-адреса").fill("");
  if (!javaScriptEnabled) {
    // Without JavaScript the page came back from the server: the boxes it shows are the ones posted.
    await expect(page.getByRole("checkbox", { name: /products:write/ })).toBeChecked();
  }
  await page.getByRole("button", { name: "Создать ключ" }).click();
  await expect(page.getByRole("heading", { name: `Ключ «${name}» создан` })).toBeVisible();
  await expect(page.getByText("Скопируйте ключ сейчас: больше он показан не будет.", { exact: false })).toBeVisible();
  const secret = await page.getByLabel("Новый API-ключ").inputValue();
  expect(secret).toMatch(/^pk_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("button", { name: "Копировать" })).toHaveCount(javaScriptEnabled ? 1 : 0);
  if (javaScriptEnabled && info.project.name === "js") await shoot(page, "company-created", info.project.name);

  // A script uses the key: reads and writes the company's products, reads the catalogue.
  expect((await withKey(baseURL!, secret, "GET", "/api/profile/company/products")).status).toBe(200);
  const created = await withKey(baseURL!, secret, "POST", "/api/profile/company/products", { name: { ru: `Труба ${tag}` } });
  expect(created.status).toBe(201);
  expect((await withKey(baseURL!, secret, "GET", "/api/categories")).status).toBe(200);
  const refused = await withKey(baseURL!, secret, "GET", "/api/profile/rfq");
  expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 403, code: "insufficient_scope" });

  // The list shows the key's use; the secret is not on the page any more.
  await openPage(page, "/profile/company/api-keys", javaScriptEnabled);
  const item = page.locator(".api-key").filter({ hasText: name });
  await expect(item).toContainText("Действует");
  await expect(item).toContainText(secret.slice(0, 20));
  await expect(page.locator("body")).not.toContainText(secret);
  await expect(item).not.toContainText("Ещё не использовался");

  await item.getByText("Отозвать…").click();
  await item.getByRole("button", { name: `Отозвать «${name}»` }).click();
  await expect(page.getByText("Ключ отозван")).toBeVisible();
  const after = await withKey(baseURL!, secret, "GET", "/api/profile/company/products");
  expect({ status: after.status, code: after.body.error?.code }).toEqual({ status: 401, code: "unauthorized" });
});

test("zh: a person creates a personal key, uses it on the catalogue, revokes it and the next call is a 401", async ({
  page,
  baseURL,
  javaScriptEnabled,
  tag,
}, info) => {
  test.setTimeout(120_000);
  await signIn(page, newAddress("keys-person", info.project.name), ["Ли", "Вэй"]);
  await openPage(page, "/zh/profile/settings", javaScriptEnabled);
  await page.getByRole("link", { name: "管理 API 密钥" }).click();
  await expect(page).toHaveURL(/\/zh\/profile\/settings\/api-keys$/);
  if (javaScriptEnabled) await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "我的 API 密钥" })).toBeVisible();
  // A personal key never manages a company's products: the scope is not offered.
  await expect(page.getByRole("checkbox", { name: /products:write/ })).toHaveCount(0);

  const name = `AI 助手 ${tag}`;
  await page.getByLabel("名称").fill(name);
  await page.getByRole("checkbox", { name: /catalog:read/ }).check();
  await page.getByRole("button", { name: "创建密钥" }).click();
  await expect(page.getByRole("heading", { name: `密钥“${name}”已创建` })).toBeVisible();
  await expect(page.getByText(/它不会再次显示/)).toBeVisible();
  const secret = await page.getByLabel("新的 API 密钥").inputValue();
  if (javaScriptEnabled && info.project.name === "js") await shoot(page, "personal-created-zh", info.project.name);

  expect((await withKey(baseURL!, secret, "GET", "/api/products?lang=zh")).status).toBe(200);
  const notForCompany = await withKey(baseURL!, secret, "GET", "/api/profile");
  expect({ status: notForCompany.status, code: notForCompany.body.error?.code }).toEqual({ status: 403, code: "api_key_not_accepted" });

  const item = page.locator(".api-key").filter({ hasText: name });
  await item.getByText("撤销…").click();
  await item.getByRole("button", { name: `撤销“${name}”` }).click();
  await expect(page.getByText("密钥已撤销")).toBeVisible();
  const after = await withKey(baseURL!, secret, "GET", "/api/products");
  expect({ status: after.status, code: after.body.error?.code }).toEqual({ status: 401, code: "unauthorized" });
});
