/**
 * The quote comparison compares landed costs (issue 28 §1; ADR 050), in a real browser with
 * JavaScript on and off: a buyer's request for 10 t of seamless steel pipes (TN VED 7304191009,
 * 7.5 % duty in the real tariff) gets a FOB Shanghai quote (cheaper ex works) and a DAP Moscow one.
 * Without the buyer's freight the FOB quote is cheapest and says freight and insurance are not
 * included; the buyer types freight «150 000» and insurance «12,5» in the GET form — the values
 * land in the URL, the DAP quote becomes the cheapest landed, first, and marked; each step shows
 * under "Как посчитано" (a <details>, no script needed). Text that is not a number is refused with a
 * message and kept in the field. Screenshots at 1280 and 390 px.
 */
import { expect, test } from "./support/test.ts";
import { apiAs, signInAsModerator } from "./support/admin.ts";
import { newAddress, signIn } from "./support/session.ts";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("FOB Shanghai and DAP Moscow compare on one basis once the buyer enters freight and insurance", async ({
  page,
  javaScriptEnabled: js,
  newSupplier,
  newPage,
  baseURL,
  tag,
}, testInfo) => {
  // Two suppliers with published products are set up first: minutes on a loaded 2-core machine.
  test.setTimeout(420_000);
  const project = testInfo.project.name;

  // The buyer's request, approved by a moderator (both through the API: the request pages have their own specs).
  await signIn(page, newAddress("buyer-landed", project), ["Покупатель", "Сравнитов"]);
  const buyer = await apiAs(page.context(), baseURL!);
  const rfq = await buyer<{ id: number }>("POST", "/api/profile/rfq", {
    title: `Трубы бесшовные ${tag}`,
    description: "Трубы бесшовные горячедеформированные, ГОСТ 8732, сталь 20.",
    lang: "ru",
    tnvedCode: "7304191009",
    quantity: "10",
    unit: "t",
    incoterms: "DAP",
    destinationCountry: "RU",
    destinationCity: "Москва",
    deadline: inDays(10),
    visibility: "public",
  });
  await buyer("POST", `/api/profile/rfq/${rfq.id}/status`, { action: "submit" });
  const moderatorPage = await newPage({ locale: "ru-RU" });
  await signInAsModerator(moderatorPage, project);
  await (
    await apiAs(moderatorPage.context(), baseURL!)
  )("POST", `/app/admin/moderation/rfq/${rfq.id}/approve`);

  // Two suppliers quote in yuan: FOB Shanghai 5 000 per tonne, DAP Moscow 5 600.
  const offers = [
    { label: "fob", price: "5000", incoterms: "FOB", place: "Shanghai" },
    { label: "dap", price: "5600", incoterms: "DAP", place: "Москва" },
  ];
  const ids: Record<string, number> = {};
  for (const offer of offers) {
    const supplier = await newSupplier({
      locale: "ru-RU",
      label: `pipes-${offer.label}`,
      names: ["Трубник", "Тестов"],
      tag: `${tag}-${offer.label}`,
    });
    const q = await supplier.api<{ id: number }>("POST", "/api/profile/quotes", {
      rfqId: rfq.id,
      tiers: [{ minQuantity: "1", price: offer.price }],
      currency: "CNY",
      moq: "1",
      leadTimeDays: 30,
      incoterms: offer.incoterms,
      incotermsPlace: offer.place,
      validUntil: inDays(30),
      lang: "ru",
    });
    ids[offer.label] = q.id;
    await supplier.page.context().close();
  }

  // Sorted by landed cost by default. Without the buyer's freight the FOB quote is cheapest — and says what it leaves out.
  await page.goto(`/profile/rfq/${rfq.id}`);
  const columns = page.locator(".rfq-compare-table thead th[data-quote]");
  await expect(columns).toHaveCount(2);
  await expect(page.locator(".rfq-sort-link.is-active")).toContainText("Стоимость с ввозом");
  await expect(columns.first()).toHaveAttribute("data-quote", String(ids.fob));
  const fobCell = page.locator(`[data-testid="landed-cost"][data-quote="${ids.fob}"]`);
  const dapCell = page.locator(`[data-testid="landed-cost"][data-quote="${ids.dap}"]`);
  await expect(fobCell.getByTestId("landed-best")).toHaveText("Дешевле всех");
  await expect(fobCell.getByTestId("landed-not-entered")).toHaveText("Не включено, пока вы не укажете: фрахт, страхование");
  await expect(fobCell).toContainText("FOB: перевозку и страхование оплачиваете вы");
  await expect(dapCell).toContainText("DAP: доставка до места в цене; пошлину и НДС платите вы");
  await expect(dapCell.getByTestId("landed-not-entered")).toHaveCount(0);

  // Freight and insurance as a Russian buyer types them: the DAP quote is now the cheapest landed, and first.
  const form = page.getByTestId("landed-inputs");
  await form.getByLabel(/Фрахт до границы ЕАЭС/).fill("150 000");
  await form.getByLabel(/Страхование груза/).fill("12,5");
  await form.getByRole("button", { name: "Пересчитать" }).click();
  await expect(page).toHaveURL(/freight=150(\+|%20)000/);
  await expect(page).toHaveURL(/insurance=12%2C5/);
  await expect(columns.first()).toHaveAttribute("data-quote", String(ids.dap));
  await expect(dapCell.getByTestId("landed-best")).toBeVisible();
  await expect(fobCell.getByTestId("landed-best")).toHaveCount(0);
  await expect(fobCell.getByTestId("landed-not-entered")).toHaveCount(0);
  await expect(form.getByLabel(/Фрахт до границы ЕАЭС/)).toHaveValue("150 000");

  // Every step, as on the product page: the FOB quote's customs value carries the freight and insurance.
  await fobCell.getByText("Как посчитано").click();
  const steps = fobCell.locator(".landed-cost-steps");
  await expect(steps).toBeVisible();
  await expect(steps.getByRole("row", { name: /Фрахт/ })).toContainText("150 000,00");
  await expect(steps.getByRole("row", { name: /Страховка/ })).toContainText("12,50");
  await expect(steps.getByRole("row", { name: /Ввозная пошлина/ })).toContainText("7,5");

  // The sort links keep the buyer's figures.
  await expect(page.locator(".rfq-sort-link").first()).toHaveAttribute("href", /freight=150000/);

  if (js && project === "js") {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.locator("#quotes").scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`rfq-landed-${width}.png`) });
      await page.locator("#quotes").screenshot({ path: testInfo.outputPath(`rfq-landed-quotes-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Text that is not a number is refused, said, and kept; the comparison still shows.
  await form.getByLabel(/Фрахт до границы ЕАЭС/).fill("сто тысяч");
  await form.getByRole("button", { name: "Пересчитать" }).click();
  await expect(form.getByRole("alert")).toHaveText(/Фрахт — число рублей не меньше нуля/);
  await expect(form.getByLabel(/Фрахт до границы ЕАЭС/)).toHaveValue("сто тысяч");
  await expect(form.getByLabel(/Фрахт до границы ЕАЭС/)).toHaveAttribute("aria-invalid", "true");
  await expect(fobCell.getByTestId("landed-not-entered")).toHaveText("Не включено, пока вы не укажете: фрахт");
  await expect(columns).toHaveCount(2);
});
