/**
 * Register companies end to end (issue 30 §2–§3, ADR 057), with JavaScript and without: the real
 * sample SME register is imported into the e2e server's database (the admin CLI through its control
 * socket); a visitor finds a real register company by its INN on /suppliers, sees the marks "from the
 * FNS registers as of …" and "not yet on the platform", says "this is my company", signs in on the
 * way, and claims it through moderation; a moderator approves it in /admin/claims; the company is
 * then on the platform, its owner's, and keeps its register facts. Screenshots at 1280 and 390 px
 * (test-results/registers-screens) are looked at by a person.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import JSZip from "jszip";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { adminCli, signInAsModerator } from "./support/admin.ts";
import { hydrated, openPage } from "./support/page.ts";
import { newAddress, signIn } from "./support/session.ts";

const SAMPLE = path.resolve("../shared/data/companies/original/data-test-sme-1.zip");

/** Imports the sample SME register once (the other project's import of the same bytes is skipped; a running one is waited for). */
async function importSample() {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { code, lines } = await adminCli("import-registers", SAMPLE, "--partial");
    if (code === 0) return;
    if (!lines.join(" ").includes("Another register import")) throw new Error(lines.join("\n"));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the register import did not finish");
}

/** The INN of the n-th organisation (a legal entity, `ИННЮЛ`) of the sample's first XML. */
async function sampleInn(n: number): Promise<string> {
  const zip = await JSZip.loadAsync(readFileSync(SAMPLE));
  const xml = await Object.values(zip.files)
    .find((f) => f.name.endsWith(".xml"))!
    .async("string");
  return [...xml.matchAll(/ИННЮЛ="(\d{10})"/g)].map((m) => m[1]!)[n]!;
}

async function shoot(page: Page, name: string, enabled: boolean) {
  if (!enabled) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/registers-screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("register companies", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a visitor finds a register company by INN, claims it through moderation, and it keeps its facts", async ({
    page,
    javaScriptEnabled,
    newPage,
  }, info) => {
    await importSample();
    const inn = await sampleInn(info.project.name === "js" ? 0 : 1);

    // Found by INN on the supplier list, marked as from the registers.
    await openPage(page, `/suppliers?q=${inn}`, javaScriptEnabled);
    const card = page.locator(".company-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Из реестров ФНС");
    if (info.project.name === "js") {
      // The list with the register filters (shared URL, no JavaScript needed), for the screenshots.
      await openPage(page, "/suppliers?origin=register&sme=micro", javaScriptEnabled);
      await expect(page.getByRole("radio", { name: /Только из реестров ФНС/ })).toBeChecked();
      await shoot(page, "suppliers", true);
      await openPage(page, `/suppliers?q=${inn}`, javaScriptEnabled);
    }
    await card.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/suppliers\/\d+$/);
    if (javaScriptEnabled) await hydrated(page);
    const companyPath = new URL(page.url()).pathname;
    const marks = page.getByTestId("register-marks");
    await expect(marks).toContainText(/Из реестров ФНС на \d/);
    await expect(marks).toContainText("Ещё не на платформе");
    await expect(page.getByTestId("register-facts")).toContainText("Категория МСП");
    await expect(page.getByText(inn).first()).toBeVisible();
    await shoot(page, "company", info.project.name === "js");

    // "This is my company": sign in on the way, then the statement for a moderator.
    await page.getByTestId("claim-company").click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    const email = newAddress("claimant", info.project.name);
    await signIn(page, email, ["Олег", "Заявкин"], `${companyPath}/claim`);
    if (javaScriptEnabled) await hydrated(page);
    await shoot(page, "claim", info.project.name === "js");
    const form = page.getByTestId("claim-moderation-form");
    await form.getByLabel("Кто вы в компании").fill("Я генеральный директор, телефон приёмной указан в выписке ЕГРЮЛ.");
    await form.getByRole("button", { name: "Отправить модератору" }).click();
    await expect(page.getByTestId("claim-status")).toContainText("ждёт модератора");

    // A moderator approves it, seeing the register facts.
    const moderator = await newPage();
    await signInAsModerator(moderator, info.project.name);
    await openPage(moderator, "/admin/claims", javaScriptEnabled);
    const claim = moderator.getByTestId("admin-claim").filter({ hasText: inn });
    await expect(claim).toContainText("Олег Заявкин");
    await claim.getByRole("button", { name: "Одобрить" }).click();
    await expect(moderator.getByTestId("admin-claim").filter({ hasText: inn })).toHaveCount(0);

    // The company is on the platform, keeps its register facts, and is the claimant's.
    await openPage(page, companyPath, javaScriptEnabled);
    await expect(page.getByTestId("register-marks")).not.toContainText("Ещё не на платформе");
    await expect(page.getByTestId("register-facts")).toContainText("Категория МСП");
    await expect(page.getByTestId("claim-company")).toHaveCount(0);
    await openPage(page, "/profile/legal_entities", javaScriptEnabled);
    await expect(page.getByText(inn).first()).toBeVisible();
  });
});
