/**
 * E2E sign-in helpers shared by the specs: codes are read from the e-mails the server sent through
 * SMTP to the mail catcher (scripts/mail-catcher.ts), as a person would read them.
 */
import { expect, type Page } from "@playwright/test";
import { APP_PORT, AUTH_RESEND_AFTER_S, MAIL_HTTP_PORT } from "./ports.ts";

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /** When the mail catcher received it (ms since the epoch). */
  receivedAt: number;
}

/** Every e-mail the catcher received for `address`, oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits until `address` has at least `n` e-mails and returns them all. */
export async function waitForMails(address: string, n: number): Promise<Mail[]> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  return mailsTo(address);
}

/** Waits for the `n`-th (1-based) e-mail to `address` and returns it. */
export async function nthMail(address: string, n: number): Promise<Mail> {
  return (await waitForMails(address, n))[n - 1]!;
}

/** The six-digit one-time code on a line of its own in a sign-in e-mail. */
export function codeOf(mail: Mail): string {
  return mail.text.match(/^\s*(\d{6})\s*$/m)![1]!;
}

/** A fresh address per test and project, so parallel tests never share an account. */
export function newAddress(label: string, project: string): string {
  return `${label}.${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/**
 * Waits until the e2e server may send `address` another code: its resend window
 * (playwright.config.ts AUTH_RESEND_AFTER_S) has passed since the last code the mail catcher got.
 */
export async function resendAllowed(address: string): Promise<void> {
  const last = (await mailsTo(address)).at(-1);
  if (!last) return;
  await expect
    .poll(() => Date.now() - last.receivedAt, { message: `the resend window of ${address}`, intervals: [100] })
    .toBeGreaterThanOrEqual(AUTH_RESEND_AFTER_S * 1000);
}

/** Steps one and two of sign-in on the current page's language; returns after pressing "Sign in". */
export async function enterCode(page: Page, email: string, mailNo = 1): Promise<Mail> {
  await page.getByLabel(/E-mail|电子邮箱/).fill(email);
  await page.getByRole("button", { name: /Получить код|Get a code|获取验证码/ }).click();
  await expect(page).toHaveURL(/\/auth\/code$/);
  const mail = await nthMail(email, mailNo);
  await page.getByLabel(/^(Код|Code|验证码)$/).fill(codeOf(mail));
  await page.getByRole("button", { name: /^(Войти|Sign in|登录)$/ }).click();
  return mail;
}

const REGISTRATION = {
  ru: { first: "Имя", last: "Фамилия", terms: /Принимаю условия/, submit: "Зарегистрироваться" },
  en: { first: "First name", last: "Last name", terms: /I accept the terms/, submit: "Create account" },
  zh: { first: "名", last: "姓", terms: /我接受/, submit: "创建账户" },
} as const;

/** The registration step (after the first code): names, consent, submit; leaves the sign-in pages. */
async function completeRegistration(page: Page, lang: "ru" | "en" | "zh", [firstName, lastName]: readonly [string, string]): Promise<void> {
  const labels = REGISTRATION[lang];
  await expect(page).toHaveURL(/\/auth\/registration$/);
  await page.getByLabel(labels.first, { exact: true }).fill(firstName);
  await page.getByLabel(labels.last, { exact: true }).fill(lastName);
  await page.getByLabel(labels.terms).check();
  await page.getByRole("button", { name: labels.submit }).click();
  await expect(page).not.toHaveURL(/\/auth(\/|\?|$)/, { timeout: 20_000 });
}

/**
 * Registers a new user through `/{lang}/auth` (Russian unprefixed) and lands wherever `redirectTo`
 * (a language-neutral-prefixed path such as "/en/profile") points, or the home page.
 */
export async function registerUser(
  page: Page,
  email: string,
  options: { lang?: "ru" | "en" | "zh"; firstName?: string; lastName?: string; redirectTo?: string } = {},
): Promise<void> {
  const lang = options.lang ?? "ru";
  const prefix = lang === "ru" ? "" : `/${lang}`;
  await page.goto(`${prefix}/auth${options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : ""}`);
  await enterCode(page, email);
  await completeRegistration(page, lang, [options.firstName ?? "Анна", options.lastName ?? "Петрова"]);
}

/**
 * Signs `email` in for a test whose subject is not the sign-in pages (those are tests/e2e/auth.spec.ts):
 * the same steps through the API — a code to the address (after the resend window of an earlier one),
 * read from the e-mail, checked, a new person registered as `names` — and the session cookies the web
 * tier would have set (`access`, `refresh`) put into the page's browser context; then the page opens
 * `redirectTo` (or the home page) and shows the person in the header. Four page loads fewer per
 * sign-in than walking the pages, which the suite does hundreds of times.
 */
export async function signIn(
  page: Page,
  email: string,
  names: readonly [string, string] = ["Анна", "Петрова"],
  redirectTo?: string,
): Promise<void> {
  const base = new URL(`http://localhost:${APP_PORT}`);
  const before = (await mailsTo(email)).length;
  await resendAllowed(email);
  const post = async (path: string, body: unknown) => {
    const response = await fetch(new URL(path, base), {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "ru" },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data?: Record<string, string>; error?: unknown };
    if (!response.ok || !json.data) throw new Error(`${path} → ${response.status} ${JSON.stringify(json)}`);
    return { data: json.data, cookies: response.headers.getSetCookie() };
  };
  await post("/api/auth/send-code", { email, locale: "ru" });
  const code = codeOf(await nthMail(email, before + 1));
  let signedIn = await post("/api/auth/verify-code", { email, code, locale: "ru" });
  if (signedIn.data.registrationToken) {
    const [firstName, lastName] = names;
    signedIn = await post("/api/auth/register", {
      firstName,
      lastName,
      acceptTerms: true,
      registrationToken: signedIn.data.registrationToken,
      locale: "ru",
    });
  }
  const refresh = signedIn.cookies.map((line) => line.match(/^refresh=([^;]+)/)?.[1]).find(Boolean);
  expect(refresh, "the API set the refresh cookie").toBeTruthy();
  // As the web tier sets them (app/lib/session.server.ts): HttpOnly, Lax, Secure in production (localhost is a secure context).
  const cookie = { domain: base.hostname, path: "/", httpOnly: true, secure: true, sameSite: "Lax" as const };
  await page.context().addCookies([
    { ...cookie, name: "access", value: signedIn.data.accessToken!, expires: Math.floor(Date.now() / 1000) + 30 * 60 },
    { ...cookie, name: "refresh", value: refresh!, expires: Math.floor(Date.now() / 1000) + 30 * 86_400 },
  ]);
  await page.goto(redirectTo ?? "/");
  await expect(page.locator(".account-name")).toContainText(names[0]);
}

/** Signs out from the header and waits until the page shows the visitor's «Войти» link again. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
}
