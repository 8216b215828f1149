/**
 * E2E sign-in helpers shared by the specs: codes are read from the e-mails the server sent through
 * SMTP to the mail catcher (scripts/mail-catcher.ts), as a person would read them.
 */
import { expect, type Page } from "@playwright/test";
import { MAIL_HTTP_PORT } from "../../../playwright.config.ts";

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Every e-mail the catcher received for `address`, oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits for the `n`-th (1-based) e-mail to `address` and returns it. */
export async function nthMail(address: string, n: number): Promise<Mail> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  return (await mailsTo(address))[n - 1]!;
}

/** The six-digit one-time code on a line of its own in a sign-in e-mail. */
export function codeOf(mail: Mail): string {
  return mail.text.match(/^\s*(\d{6})\s*$/m)![1]!;
}

/** A fresh address per test and project, so parallel tests never share an account. */
export function newAddress(label: string, project: string): string {
  return `${label}.${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
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
  const labels = REGISTRATION[lang];
  const prefix = lang === "ru" ? "" : `/${lang}`;
  await page.goto(`${prefix}/auth${options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : ""}`);
  await enterCode(page, email);
  await expect(page).toHaveURL(/\/auth\/registration$/);
  await page.getByLabel(labels.first, { exact: true }).fill(options.firstName ?? "Анна");
  await page.getByLabel(labels.last, { exact: true }).fill(options.lastName ?? "Петрова");
  await page.getByLabel(labels.terms).check();
  await page.getByRole("button", { name: labels.submit }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
}
