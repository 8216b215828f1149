/**
 * Who answers buyers for a company, end to end (issue 14 §1; ADR 009 `answerBuyers`), with
 * JavaScript and without: a supplier's employee with the plain `member` role opens a buyer's
 * conversation from the company inbox, reads it, and finds no reply form and no close button but
 * the note saying who answers; once the owner makes them a sales manager, the same page lets them
 * answer and the buyer's side shows the answer.
 */
import { expect, test } from "./support/test.ts";
import { hydrated, openPage } from "./support/page.ts";
import { apiAs } from "./support/admin.ts";
import { enterCode, newAddress, signIn } from "./support/session.ts";

test("ru: a member reads without a reply form, a sales manager answers", async ({
  page,
  baseURL,
  javaScriptEnabled,
  newSupplier,
  newPage,
  tag,
}, info) => {
  test.setTimeout(180_000);

  // The owner of a published supplier invites a colleague as a plain member.
  const { page: ownerPage, api: owner, product } = await newSupplier({ locale: "ru-RU", label: "roles-owner", names: ["Ли", "Вэй"] });
  const memberEmail = newAddress("roles-member", info.project.name);
  const invited = await owner<{ id: number }>("POST", "/api/profile/company/employees", { email: memberEmail, role: "member" });

  // A buyer asks the supplier for a price.
  await signIn(page, newAddress("roles-buyer", info.project.name), ["Анна", "Покупателева"]);
  const buyer = await apiAs(page.context(), baseURL!);
  const question = `Сколько стоят 300 ножей? ${tag}`;
  const { conversationId } = await buyer<{ conversationId: number }>("POST", "/api/inquiries", {
    supplierId: product.companyId,
    productIds: [product.productId],
    message: question,
  });

  // The colleague registers with the invited address (its first e-mail is the invitation) and joins.
  const member = await newPage({ locale: "ru-RU" });
  await member.goto(`/auth?redirectTo=${encodeURIComponent("/profile/start")}`);
  await enterCode(member, memberEmail, 2);
  await member.getByLabel("Имя", { exact: true }).fill("Олег");
  await member.getByLabel("Фамилия", { exact: true }).fill("Складов");
  await member.getByLabel(/Принимаю условия/).check();
  await member.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(member).toHaveURL(/\/profile\/start$/, { timeout: 20_000 });
  if (javaScriptEnabled) await hydrated(member);
  await member.getByRole("button", { name: "Принять", exact: true }).click();
  await expect(member).toHaveURL(/\/profile$/);

  // As a member: the inbox lists the inquiry; the conversation reads, but nothing can be written.
  await openPage(member, "/profile/inbox", javaScriptEnabled);
  await member.locator(".conversation-row").filter({ hasText: question }).getByRole("link").first().click();
  await expect(member).toHaveURL(new RegExp(`/profile/conversations/${conversationId}$`));
  if (javaScriptEnabled) await hydrated(member);
  await expect(member.getByText(question)).toBeVisible();
  await expect(member.getByText(/Отвечать покупателям могут только владельцы, администраторы и менеджеры по продажам/)).toBeVisible();
  await expect(member.getByLabel("Ваше сообщение")).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Отправить", exact: true })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Закрыть переписку" })).toHaveCount(0);

  // The owner makes them a sales manager: the next page load offers the reply form, and it works.
  await owner("PATCH", `/api/profile/company/employees/${invited.id}`, { role: "sales" });
  await openPage(member, `/profile/conversations/${conversationId}`, javaScriptEnabled);
  await expect(member.getByText(/Отвечать покупателям могут только/)).toHaveCount(0);
  const answer = `Здравствуйте! 11,80 CNY за штуку. ${tag}`;
  await member.getByLabel("Ваше сообщение").fill(answer);
  await member.getByRole("button", { name: "Отправить", exact: true }).click();
  await expect(member.locator(".message.is-own").getByText(answer)).toBeVisible();

  await openPage(page, `/profile/conversations/${conversationId}`, javaScriptEnabled);
  await expect(page.getByText(answer)).toBeVisible();
  await ownerPage.context().close();
});
