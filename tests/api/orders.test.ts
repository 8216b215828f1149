/**
 * Orders through the API (issue 28 §1–§2; ADR 048), on PGlite and PostgreSQL. A Russian buyer
 * company accepted a Chinese supplier's quote; the buyer turns it into an order (version 1), the
 * supplier counters with a delivery date and its unified social credit code (version 2, the diff
 * shows what changed), the buyer accepts: the version is frozen with both consents. Then the stages
 * from prepayment to closed, with a railway bill at shipment; who may see and act (everyone else
 * 404); cancelling before and after confirmation; bad input is a 4xx with the error envelope; the
 * proposal limit. Then (ADR 056) the stages' documents as private files (the access matrix: 404 for
 * everyone but the two companies and staff), a dispute from report to accepted resolution with staff
 * stepping in, and the overdue reminders job run with a fixed clock.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, companyMembers, legalEntities, orders, products, productPrices, quotes, rfqs } from "#server/db/schema.ts";
import { LIMITS } from "#server/api/rate-limits.ts";
import { contractPdfInputOf } from "#server/orders/contract.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, expectError, issuesByPath, multipart, type TestUser } from "../support/profile.ts";
import { pdfDocument } from "../support/files.ts";
import { orderRemindersJob } from "#server/orders/jobs.ts";
import { ORDER_STAGES } from "#contract/orders.ts";

let api: TestApi;
let buyer: TestUser;
let buyerMember: TestUser;
let supplier: TestUser;
let supplierMember: TestUser;
let outsider: TestUser;
let moderator: TestUser;
let stranger: TestUser;
let buyerCompanyId: number;
let supplierCompanyId: number;
let entityId: number;
let quoteId: number;
let openQuoteId: number;
let productId: number;
let tnved: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A valid USCC (GB 32100-2015 check character `3`). */
const USCC = "91350100M000100Y43";

async function company(label: string, country: "RU" | "CN", owner: TestUser, extra: { user: TestUser; role: "member" | "sales" }[] = []) {
  const [row] = await api.db
    .insert(companies)
    .values({ name: { ru: `${label} ООО`, en: `${label} Co` }, country, status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  await api.db.insert(companyMembers).values({ companyId: row!.id, userId: owner.id, role: "owner", status: "active" });
  for (const e of extra)
    await api.db.insert(companyMembers).values({ companyId: row!.id, userId: e.user.id, role: e.role, status: "active" });
  return row!.id;
}

/** A request of the buyer's with a quote by the supplier; `awarded` makes it the accepted one. */
async function quoteOn(awarded: boolean): Promise<number> {
  const [rfq] = await api.db
    .insert(rfqs)
    .values({
      buyerUserId: buyer.id,
      buyerCompanyId,
      title: "Трубы стальные бесшовные 57×3,5",
      description: "ГОСТ 8732-78",
      lang: "ru",
      tnvedCode: tnved,
      quantity: "12.5",
      unit: "t",
      incoterms: "FOB",
      destinationCountry: "RU",
      destinationCity: "Москва",
      deadline: new Date(Date.now() + 5 * 86_400_000),
      visibility: "private",
      status: awarded ? "awarded" : "open",
    })
    .returning({ id: rfqs.id });
  const [quote] = await api.db
    .insert(quotes)
    .values({
      rfqId: rfq!.id,
      companyId: supplierCompanyId,
      tiers: [
        { minQuantity: "5", price: "1200" },
        { minQuantity: "10", price: "1100" },
      ],
      priceFrom: "1100",
      currency: "USD",
      moq: "5",
      leadTimeDays: 30,
      incoterms: "FOB",
      incotermsPlace: "Dalian",
      validUntil: inDays(30),
      lang: "en",
    })
    .returning({ id: quotes.id });
  if (awarded) await api.db.update(rfqs).set({ awardedQuoteId: quote!.id, awardedAt: new Date() }).where(eq(rfqs.id, rfq!.id));
  return quote!.id;
}

function proposal(overrides: Record<string, unknown> = {}) {
  return {
    lines: [{ name: "Трубы 57×3,5", quantity: "12.5", unit: "t", unitPrice: "1100", tnvedCode: tnved }],
    currency: "USD",
    incoterms: "FOB",
    incotermsPlace: "Dalian",
    leadTimeDays: 30,
    prepaymentPct: 30,
    balance: "shipment_documents",
    inspectionBy: "third_party",
    inspectionWhen: "SGS, 5 days before shipment",
    documents: ["commercial_invoice", "certificate_of_origin", "eac_declaration"],
    paymentRouteLabel: "CNY via a payment agent",
    ...overrides,
  };
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await api.db.execute(sql`delete from orders`);
  await api.db.execute(sql`delete from pgboss.job where state in ('created', 'retry') and name = 'notification-mail'`);
  const codes = await api.db.execute<{ code_digits: string }>(
    sql`select code_digits from tnved_codes where level = (select max(level) from tnved_codes) and code_digits like '7304%' order by code limit 1`,
  );
  tnved = codes.rows[0]!.code_digits;
  buyer = await createUser(api, "order-buyer", { locale: "ru" });
  buyerMember = await createUser(api, "order-buyer-member", { locale: "ru" });
  supplier = await createUser(api, "order-supplier", { locale: "zh" });
  supplierMember = await createUser(api, "order-supplier-member", { locale: "zh" });
  outsider = await createUser(api, "order-outsider", { locale: "en" });
  moderator = await createUser(api, "order-moderator", { role: "MODERATOR" });
  stranger = await createUser(api, "order-stranger");
  buyerCompanyId = await company("Покупатель", "RU", buyer, [{ user: buyerMember, role: "member" }]);
  supplierCompanyId = await company("Dalian Pipes", "CN", supplier, [{ user: supplierMember, role: "member" }]);
  await company("Outsider", "RU", outsider);
  const [entity] = await api.db
    .insert(legalEntities)
    .values({
      companyId: buyerCompanyId,
      kind: "legal",
      inn: "7707083893",
      kpp: "773601001",
      ogrn: "1027700132195",
      nameFull: "ООО «Покупатель»",
    })
    .returning({ id: legalEntities.id });
  entityId = entity!.id;
  quoteId = await quoteOn(true);
  openQuoteId = await quoteOn(false);
  const [product] = await api.db
    .insert(products)
    .values({
      companyId: supplierCompanyId,
      name: { en: "Seamless pipe 57x3.5", ru: "Труба 57×3,5" },
      sourceLang: "en",
      status: "published",
      publishedAt: new Date(),
    })
    .returning({ id: products.id });
  productId = product!.id;
  await api.db.insert(productPrices).values({ productId, minQuantity: "5", price: "1150", currency: "USD", unit: "t" });
});

afterAll(async () => {
  if (api) {
    await api.db.execute(sql`delete from orders`);
    await api.db.execute(sql`delete from rfqs where buyer_user_id = ${buyer.id}`);
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("an accepted quote becomes an order, countered, accepted and carried to the end", () => {
  let orderId: number;
  /** The ids the inbox lists for `user`'s company: orders waiting for its step. */
  const awaiting = async (user: TestUser) =>
    ((await user.get("/api/profile/orders?awaiting=true&perPage=100")).body.data as { id: number }[]).map((o) => o.id);

  test("the new-order form starts from the accepted quote: its line at the asked quantity's tier, Incoterms, lead time", async () => {
    const draft = await buyer.get(`/api/profile/orders/draft?quoteId=${quoteId}`);
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({
      side: "buyer",
      origin: "quote",
      counterparty: { companyId: supplierCompanyId },
      lines: [{ quantity: "12.500", unit: "t", unitPrice: "1100", tnvedCode: tnved }],
      terms: { currency: "USD", incoterms: "FOB", incotermsPlace: "Dalian", leadTimeDays: 30 },
      legalEntities: [{ id: entityId, inn: "7707083893" }],
    });
    expectError(await buyer.get(`/api/profile/orders/draft?quoteId=${openQuoteId}`), 409, "invalid_transition");
    expectError(await outsider.get(`/api/profile/orders/draft?quoteId=${quoteId}`), 404, "not_found");
    expectError(await buyer.get(`/api/profile/orders/draft`), 400, "invalid_query");
  });

  test("bad input is a 400 with a code per field, never a 5xx; a quote not accepted is a 409", async () => {
    const bad = await buyer.post(
      "/api/profile/orders",
      proposal({
        quoteId,
        lines: [{ name: "", quantity: "-1", unit: "barrels", unitPrice: "x" }],
        leadTimeDays: "",
        prepaymentPct: 101,
        uscc: "91350100M000100Y44",
        registeredName: "X",
      }),
    );
    expect(bad.status).toBe(400);
    expect(issuesByPath(bad)).toMatchObject({
      "lines.0.name": "required",
      "lines.0.quantity": "too_small",
      "lines.0.unit": "invalid_option",
      "lines.0.unitPrice": "invalid_number",
      prepaymentPct: "too_big",
    });
    // The rules across fields, once every field reads.
    expect(
      issuesByPath(
        await buyer.post("/api/profile/orders", proposal({ quoteId, leadTimeDays: "", uscc: "91350100M000100Y44", registeredName: "X" })),
      ),
    ).toEqual({
      deliveryDate: "required",
      uscc: "uscc_checksum",
    });
    expect(issuesByPath(await buyer.post("/api/profile/orders", proposal({ lines: [] })))).toMatchObject({
      lines: "required",
      quoteId: "one_origin",
    });
    expect(issuesByPath(await buyer.post("/api/profile/orders", proposal({ quoteId, balance: "deferred" })))).toEqual({
      balanceDays: "required",
    });
    for (const junk of [
      "{",
      "[]",
      JSON.stringify({ lines: "x" }),
      JSON.stringify(proposal({ quoteId, lines: [{ name: "a", quantity: 1e308, unit: "t", unitPrice: 1 }] })),
    ]) {
      expect((await buyer.post("/api/profile/orders", junk)).status, junk.slice(0, 40)).toBe(400);
    }
    expectError(await buyer.post("/api/profile/orders", proposal({ quoteId: openQuoteId })), 409, "invalid_transition");
    const foreign = await buyer.post("/api/profile/orders", proposal({ quoteId, legalEntityId: 99_999_999 }));
    expect(foreign.status).toBe(400);
    expect(issuesByPath(foreign)).toEqual({ legalEntityId: "invalid_option" });
    expect((await call(api, "POST", "/api/profile/orders", proposal({ quoteId }))).status).toBe(401);
    expectError(await buyerMember.post("/api/profile/orders", proposal({ quoteId })), 403, "forbidden_role");
  });

  test("the buyer proposes version 1 with its legal entity; the supplier's people hear of it in Chinese", async () => {
    const before = api.mail.length;
    const created = await buyer.post(
      "/api/profile/orders?lang=ru",
      proposal({ quoteId, legalEntityId: entityId, note: "Просим подтвердить" }),
    );
    expect(created.status).toBe(201);
    orderId = created.body.data.id;
    expect(await awaiting(supplier)).toContain(orderId);
    expect(await awaiting(buyer)).not.toContain(orderId);
    expect(created.body.data).toMatchObject({
      state: "negotiating",
      origin: "quote",
      side: "buyer",
      currentVersion: 1,
      waitingFor: "supplier",
      quoteId,
      total: "13750.00",
      currency: "USD",
      may: { accept: false, counter: false, cancel: true },
    });
    expect(created.body.data.current.snapshot.buyer.legal).toEqual({
      kind: "ru",
      legalEntityId: entityId,
      inn: "7707083893",
      kpp: "773601001",
      ogrn: "1027700132195",
      nameFull: "ООО «Покупатель»",
    });
    expect(created.body.data.current.snapshot.supplier.legal).toBeNull();
    expect(created.body.data.totals.lines[0].amount).toBe("13750.00");
    await api.jobs.runDue("notification-mail");
    const sent = api.mail.slice(before);
    expect(sent.map((m) => m.to)).toEqual([supplier.email]);
    expect(sent[0]!.subject).toContain(`#${orderId}`);
    expect(sent[0]!.subject).toContain("新订单");
  });

  test("who sees it: both companies' people and staff; everyone else a 404; only roles that answer buyers act", async () => {
    for (const reader of [buyer, buyerMember, supplier, supplierMember, moderator]) {
      expect((await reader.get(`/api/profile/orders/${orderId}`)).status).toBe(200);
    }
    for (const other of [outsider, stranger]) {
      expectError(await other.get(`/api/profile/orders/${orderId}`), 404, "not_found");
      expectError(await other.post(`/api/profile/orders/${orderId}/accept`, { version: 1 }), 404, "not_found");
      expect((await other.get("/api/profile/orders")).body.data ?? []).toEqual([]);
    }
    expectError(await moderator.post(`/api/profile/orders/${orderId}/accept`, { version: 1 }), 404, "not_found");
    expectError(await supplierMember.post(`/api/profile/orders/${orderId}/accept`, { version: 1 }), 403, "forbidden_role");
    expectError(await supplierMember.post(`/api/profile/orders/${orderId}/versions`, proposal()), 403, "forbidden_role");
    expect((await moderator.get(`/api/profile/orders/${orderId}`)).body.data.side).toBeNull();
    expect((await supplierMember.get(`/api/profile/orders/${orderId}`)).body.data.may).toMatchObject({ accept: false, counter: false });
    expectError(await buyer.get(`/api/profile/orders/abc`), 404, "not_found");
  });

  test("the proposer cannot accept its own version; the supplier cannot accept before naming its legal entity", async () => {
    expectError(await buyer.post(`/api/profile/orders/${orderId}/accept`, { version: 1 }), 409, "invalid_transition");
    expectError(await supplier.post(`/api/profile/orders/${orderId}/accept`, { version: 1 }), 409, "party_missing");
  });

  test("the supplier counters the delivery date with its USCC: version 2, the diff names the changed fields", async () => {
    const date = inDays(40);
    const countered = await supplier.post(
      `/api/profile/orders/${orderId}/versions?lang=zh`,
      proposal({ deliveryDate: date, leadTimeDays: "", registeredName: "大连管道有限公司", uscc: "91350100m000100y43" }),
    );
    expect(countered.status).toBe(201);
    const order = countered.body.data;
    expect(order).toMatchObject({ currentVersion: 2, waitingFor: "buyer", side: "supplier" });
    expect(order.current.snapshot.supplier.legal).toEqual({ kind: "cn", registeredName: "大连管道有限公司", uscc: USCC });
    expect(order.current.snapshot.buyer.legal.inn).toBe("7707083893");
    expect(order.current.diff.map((f: { field: string }) => f.field).sort()).toEqual(["deliveryDate", "leadTimeDays", "supplierLegal"]);
    expect(order.current.diff.find((f: { field: string }) => f.field === "deliveryDate")).toMatchObject({ before: null, after: date });
    expect(order.versions.map((v: { number: number; state: string }) => [v.number, v.state])).toEqual([
      [2, "proposed"],
      [1, "countered"],
    ]);
    expectError(await supplier.post(`/api/profile/orders/${orderId}/versions`, proposal()), 409, "invalid_transition");
  });

  test("the buyer accepts the current version only: it is frozen with both consents, the order confirmed", async () => {
    expectError(await buyer.post(`/api/profile/orders/${orderId}/accept`, { version: 1 }), 409, "invalid_transition");
    expect((await buyer.post(`/api/profile/orders/${orderId}/accept`, { version: "x" })).status).toBe(400);
    const accepted = await buyer.post(`/api/profile/orders/${orderId}/accept`, { version: 2 });
    expect(accepted.status).toBe(200);
    const order = accepted.body.data;
    expect(order).toMatchObject({
      state: "confirmed",
      waitingFor: null,
      stage: "prepayment_sent",
      agreed: { number: 2, state: "accepted" },
    });
    expect(order.agreed.consents.map((c: { side: string; email: string }) => [c.side, c.email])).toEqual([
      ["supplier", supplier.email],
      ["buyer", buyer.email],
    ]);
    expect(order.stages.map((s: { stage: string }) => s.stage)).toEqual([
      "prepayment_sent",
      "prepayment_received",
      "in_production",
      "ready_for_inspection",
      "inspected",
      "shipped",
      "arrived",
      "customs_cleared",
      "accepted",
      "closed",
    ]);
    expect(order.stages[0].dueDate).not.toBeNull();
    expectError(await supplier.post(`/api/profile/orders/${orderId}/versions`, proposal()), 409, "invalid_transition");
    expectError(await buyer.post(`/api/profile/orders/${orderId}/accept`, { version: 2 }), 409, "invalid_transition");
    // The frozen row is never rewritten.
    const again = (await supplier.get(`/api/profile/orders/${orderId}`)).body.data;
    expect(again.agreed.snapshot).toEqual(order.agreed.snapshot);
  });

  test("the inbox's orders (`awaiting`): confirmed, the prepayment is the buyer's step", async () => {
    expect(await awaiting(buyer)).toContain(orderId);
    expect(await awaiting(supplier)).not.toContain(orderId);
  });

  test("stages go in order, marked by their owner and confirmed (or disputed) by the other side, to closed", async () => {
    const act = (user: TestUser, body: Record<string, unknown>) => user.post(`/api/profile/orders/${orderId}/stages`, body);
    expectError(await act(supplier, { stage: "prepayment_sent", action: "mark" }), 409, "invalid_transition");
    expectError(await act(supplier, { stage: "in_production", action: "mark" }), 409, "invalid_transition");
    expectError(await act(supplier, { stage: "prepayment_sent", action: "confirm" }), 409, "invalid_transition");
    expect((await act(buyer, { stage: "prepayment_sent", action: "mark", note: "SWIFT MT103 sent" })).status).toBe(200);
    // Marked sent: now the supplier's to confirm (the inbox moves with it).
    expect(await awaiting(supplier)).toContain(orderId);
    expect(await awaiting(buyer)).not.toContain(orderId);
    expect((await act(supplier, { stage: "prepayment_sent", action: "dispute" })).status).toBe(400);
    const disputed = await act(supplier, { stage: "prepayment_sent", action: "dispute", note: "Not credited yet" });
    expect(disputed.body.data.stages[0]).toMatchObject({ status: "disputed", disputeNote: "Not credited yet" });
    expect(disputed.body.data.may.markStage).toBeNull();
    expect((await buyer.get(`/api/profile/orders/${orderId}`)).body.data.may.markStage).toBe("prepayment_sent");
    await act(buyer, { stage: "prepayment_sent", action: "mark", note: "Credited on the 3rd" });
    expect((await act(supplier, { stage: "prepayment_sent", action: "confirm" })).body.data.stage).toBe("prepayment_received");
    const pairs: [TestUser, TestUser, string, Record<string, unknown>][] = [
      [supplier, buyer, "prepayment_received", {}],
      [supplier, buyer, "in_production", {}],
      [supplier, buyer, "ready_for_inspection", {}],
      [buyer, supplier, "inspected", {}],
    ];
    for (const [owner, otherSide, stage, extra] of pairs) {
      expect((await act(owner, { stage, action: "mark", ...extra })).status, stage).toBe(200);
      expect((await act(otherSide, { stage, action: "confirm" })).status, stage).toBe(200);
    }
    const noDocument = await act(supplier, { stage: "shipped", action: "mark", carrier: "РЖД Логистика" });
    expect(issuesByPath(noDocument)).toEqual({ transportDocument: "required", transportDocumentNumber: "required" });
    const shipped = await act(supplier, {
      stage: "shipped",
      action: "mark",
      carrier: "РЖД Логистика",
      transportDocument: "smgs",
      transportDocumentNumber: "СМГС 24017731",
      trackingNumber: "TRK-88",
    });
    expect(shipped.body.data.stages.find((s: { stage: string }) => s.stage === "shipped").data).toEqual({
      carrier: "РЖД Логистика",
      transportDocument: "smgs",
      transportDocumentNumber: "СМГС 24017731",
      trackingNumber: "TRK-88",
    });
    await act(buyer, { stage: "shipped", action: "confirm" });
    await act(buyer, { stage: "arrived", action: "mark" });
    await act(supplier, { stage: "arrived", action: "confirm" });
    expect(issuesByPath(await act(buyer, { stage: "customs_cleared", action: "mark" }))).toEqual({ declarationNumber: "required" });
    await act(buyer, { stage: "customs_cleared", action: "mark", declarationNumber: "10702070/280126/3012345" });
    await act(supplier, { stage: "customs_cleared", action: "confirm" });
    await act(buyer, { stage: "accepted", action: "mark" });
    await act(supplier, { stage: "accepted", action: "confirm" });
    await act(supplier, { stage: "closed", action: "mark" });
    const closed = await act(buyer, { stage: "closed", action: "confirm" });
    expect(closed.body.data).toMatchObject({ state: "closed", stage: null });
    expect(closed.body.data.stages.every((s: { status: string }) => s.status === "confirmed")).toBe(true);
    expectError(await act(buyer, { stage: "closed", action: "mark" }), 409, "invalid_transition");
    expectError(await buyer.post(`/api/profile/orders/${orderId}/cancel`, { action: "cancel", reason: "late" }), 409, "invalid_transition");
  });

  test("the lists: both sides see it, filtered by state and counterparty", async () => {
    const mine = await buyer.get(`/api/profile/orders?state=closed`);
    expect(mine.body.data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(mine.body.data[0]).toMatchObject({ side: "buyer", counterparty: { companyId: supplierCompanyId } });
    expect((await supplier.get(`/api/profile/orders?counterparty=${buyerCompanyId}`)).body.data.map((o: { id: number }) => o.id)).toContain(
      orderId,
    );
    expect((await supplier.get(`/api/profile/orders?state=negotiating`)).body.data.map((o: { id: number }) => o.id)).not.toContain(orderId);
    expect((await buyer.get(`/api/profile/orders?state=bogus`)).status).toBe(400);
  });
});

describe("ordering from products, skipped stages, cancelling, overdue and limits", () => {
  test("a buyer orders from a supplier's product; a buyer cannot order from its own company", async () => {
    const draft = await buyer.get(`/api/profile/orders/draft?supplierCompanyId=${supplierCompanyId}&productId=${productId}&lang=en`);
    expect(draft.body.data.lines).toEqual([
      { productId, name: "Seamless pipe 57x3.5", quantity: "5", unit: "t", unitPrice: "1150.00", tnvedCode: null },
    ]);
    expectError(await buyer.get(`/api/profile/orders/draft?supplierCompanyId=${buyerCompanyId}`), 409, "own_company");
    const wrongProduct = await buyer.post(
      "/api/profile/orders",
      proposal({ supplierCompanyId, lines: [{ productId: 99_999_999, name: "x", quantity: "1", unit: "t", unitPrice: "1" }] }),
    );
    expect(issuesByPath(wrongProduct)).toEqual({ "lines.0.productId": "invalid_option" });
  });

  test("before confirmation either side cancels with a reason; afterwards only by agreement", async () => {
    const created = await buyer.ok("POST", "/api/profile/orders", proposal({ supplierCompanyId, legalEntityId: entityId }));
    expect((await supplier.post(`/api/profile/orders/${created.id}/cancel`, { action: "cancel" })).status).toBe(400);
    const cancelled = await supplier.post(`/api/profile/orders/${created.id}/cancel`, { action: "cancel", reason: "Out of stock" });
    expect(cancelled.body.data).toMatchObject({ state: "cancelled", cancel: { requestedBy: "supplier", reason: "Out of stock" } });
    expectError(await buyer.post(`/api/profile/orders/${created.id}/versions`, proposal()), 409, "invalid_transition");

    const second = await buyer.ok(
      "POST",
      "/api/profile/orders",
      proposal({ supplierCompanyId, legalEntityId: entityId, prepaymentPct: 0, inspectionBy: "none", leadTimeDays: 0 }),
    );
    const confirmed = await supplier.ok(
      "POST",
      `/api/profile/orders/${second.id}/versions`,
      proposal({ prepaymentPct: 0, inspectionBy: "none", leadTimeDays: 0, registeredName: "大连管道有限公司", uscc: USCC }),
    );
    const accepted = await buyer.ok("POST", `/api/profile/orders/${second.id}/accept`, { version: confirmed.currentVersion });
    // No prepayment, no inspection: those stages are skipped.
    expect(accepted.stages.map((s: { stage: string }) => s.stage)).toEqual([
      "in_production",
      "shipped",
      "arrived",
      "customs_cleared",
      "accepted",
      "closed",
    ]);
    expect(accepted.stage).toBe("in_production");
    expectError(await buyer.post(`/api/profile/orders/${second.id}/cancel`, { action: "agree" }), 409, "invalid_transition");
    const asked = await buyer.post(`/api/profile/orders/${second.id}/cancel`, { action: "cancel", reason: "Budget cut" });
    expect(asked.body.data).toMatchObject({ state: "confirmed", cancel: { requestedBy: "buyer", reason: "Budget cut" } });
    expectError(
      await supplier.post(`/api/profile/orders/${second.id}/stages`, { stage: "in_production", action: "mark" }),
      409,
      "invalid_transition",
    );
    expectError(await buyer.post(`/api/profile/orders/${second.id}/cancel`, { action: "agree" }), 409, "invalid_transition");
    expect((await supplier.get(`/api/profile/orders/${second.id}`)).body.data.may.agreeCancel).toBe(true);
    const agreed = await supplier.post(`/api/profile/orders/${second.id}/cancel`, { action: "agree" });
    expect(agreed.body.data.state).toBe("cancelled");
  });

  test("a stage past its due date is overdue, in the order and in the list's filter", async () => {
    const created = await buyer.ok("POST", "/api/profile/orders", proposal({ supplierCompanyId, legalEntityId: entityId }));
    const countered = await supplier.ok(
      "POST",
      `/api/profile/orders/${created.id}/versions`,
      proposal({ registeredName: "大连管道有限公司", uscc: USCC }),
    );
    await buyer.ok("POST", `/api/profile/orders/${created.id}/accept`, { version: countered.currentVersion });
    expect((await buyer.get(`/api/profile/orders?overdue=true`)).body.data.map((o: { id: number }) => o.id)).not.toContain(created.id);
    await api.db.update(orders).set({ stageDueDate: "2020-01-01" }).where(eq(orders.id, created.id));
    const view = (await buyer.get(`/api/profile/orders/${created.id}`)).body.data;
    expect(view.overdue).toBe(true);
    expect(view.stages[0]).toMatchObject({ stage: "prepayment_sent", overdue: true, dueDate: "2020-01-01" });
    expect((await supplier.get(`/api/profile/orders?overdue=true`)).body.data.map((o: { id: number }) => o.id)).toEqual([created.id]);
  });

  test(`proposals are limited to ${LIMITS.orderProposal.points} an hour per person`, async () => {
    await api.db.execute(sql`delete from rate_limits where key like ${"order_proposal%"}`);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.orderProposal.points; i++) {
      statuses.push((await buyer.post("/api/profile/orders", proposal({ supplierCompanyId }))).status);
    }
    expect(statuses.slice(0, LIMITS.orderProposal.points).every((s) => s === 201)).toBe(true);
    const refused = await buyer.post("/api/profile/orders", proposal({ supplierCompanyId }));
    expectError(refused, 429, "rate_limited");
  });
});

describe("the supplier's payment routes in the terms, the payments recorded on them, and the contract", () => {
  let orderId: number;
  let routeId: number;

  test("the terms choose one of the supplier's active routes; another id is refused on its field", async () => {
    await api.db.execute(sql`delete from rate_limits where key like ${"order_proposal%"}`);
    routeId = (
      await supplier.ok<{ id: number }>("POST", "/api/profile/company/payment-routes", {
        kind: "bank_transfer",
        currency: "CNY",
        foreignBankName: "Bank of China",
        swiftBic: "BKCHCNBJ",
      })
    ).id;
    const draft = await buyer.get(`/api/profile/orders/draft?supplierCompanyId=${supplierCompanyId}`);
    expect(draft.body.data.paymentRoutes).toEqual([{ id: routeId, label: "Bank of China (BKCHCNBJ) · CNY" }]);
    const foreign = await buyer.post(
      "/api/profile/orders",
      proposal({ supplierCompanyId, legalEntityId: entityId, paymentRouteId: 99_999_999 }),
    );
    expect(issuesByPath(foreign)).toEqual({ paymentRouteId: "invalid_option" });
    const created = await buyer.ok<{ id: number; current: { snapshot: { terms: { paymentRoute: unknown } } } }>(
      "POST",
      "/api/profile/orders",
      proposal({ supplierCompanyId, legalEntityId: entityId, paymentRouteId: routeId, paymentRouteLabel: "" }),
    );
    orderId = created.id;
    expect(created.current.snapshot.terms.paymentRoute).toEqual({ routeId, label: "Bank of China (BKCHCNBJ) · CNY" });
  });

  test("the contract is a PDF of the agreed version for both sides only, and nothing before agreement", async () => {
    expectError(await buyer.get(`/api/profile/orders/${orderId}/contract.pdf`), 409, "invalid_transition");
    await supplier.ok(
      "POST",
      `/api/profile/orders/${orderId}/versions`,
      proposal({ paymentRouteId: routeId, paymentRouteLabel: "", registeredName: "大连管道有限公司", uscc: USCC }),
    );
    await buyer.ok("POST", `/api/profile/orders/${orderId}/accept`, { version: 2 });
    for (const user of [buyer, supplier, moderator]) {
      const pdf = await api.app.request(`/api/profile/orders/${orderId}/contract.pdf`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="order-${orderId}-v2.pdf"`);
      expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
    // What it prints: the agreed version's parties, line and terms (server/orders/contract.ts).
    const view = (await supplier.get(`/api/profile/orders/${orderId}`)).body.data;
    const input = contractPdfInputOf(view);
    expect(input).toMatchObject({
      orderNumber: String(orderId),
      version: 2,
      languages: ["ru", "zh"],
      buyer: { legalEntity: { inn: "7707083893", kpp: "773601001", ogrn: "1027700132195" }, signedBy: { email: buyer.email } },
      supplier: { legalEntity: { name: "大连管道有限公司", uscc: USCC }, signedBy: { email: supplier.email } },
      lines: [{ quantity: "12.5", unit: { okei: "168", ru: "т", zh: "吨" }, unitPrice: "1100", currency: "USD", total: "13750.00" }],
      totals: { amount: "13750.00", currency: "USD" },
      terms: {
        incoterms: "FOB",
        paymentRoute: "Bank of China (BKCHCNBJ) · CNY",
        payment: { prepaymentPercent: 30, balance: "against_documents" },
      },
    });
    for (const user of [outsider, stranger]) expect((await user.get(`/api/profile/orders/${orderId}/contract.pdf`)).status).toBe(404);
  });

  test("the payer records what happened to the prepayment once it is sent: once per stage, never the supplier", async () => {
    const pay = (user: TestUser, body: Record<string, unknown>) => user.post(`/api/profile/orders/${orderId}/payments`, body);
    expect((await buyer.get(`/api/profile/orders/${orderId}`)).body.data.payments).toEqual({ recorded: [], open: ["balance"] });
    expectError(await pay(buyer, { stage: "prepayment", outcome: "credited", days: 4 }), 409, "invalid_transition");
    await buyer.ok("POST", `/api/profile/orders/${orderId}/stages`, { stage: "prepayment_sent", action: "mark" });
    expectError(await pay(supplier, { stage: "prepayment", outcome: "credited", days: 4 }), 403, "forbidden_role");
    expectError(await pay(buyerMember, { stage: "prepayment", outcome: "credited", days: 4 }), 403, "forbidden_role");
    expect(issuesByPath(await pay(buyer, { stage: "prepayment", outcome: "returned", days: 12 }))).toEqual({ bankReason: "required" });
    const recorded = await pay(buyer, {
      stage: "prepayment",
      outcome: "returned",
      days: "12",
      bankReason: "Банк-корреспондент вернул платёж: санкционная проверка",
      feesAmount: "35,5",
      feesCurrency: "USD",
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.data.payments).toMatchObject({
      recorded: [{ stage: "prepayment", outcome: "returned", days: 12, feesAmount: "35.50", feesCurrency: "USD" }],
      open: ["balance"],
    });
    expectError(await pay(buyer, { stage: "prepayment", outcome: "credited", days: 4 }), 409, "invalid_transition");
    const rows = await api.db.execute<{ route_id: number; swift_bic: string; payer_company_id: number }>(
      sql`select route_id, swift_bic, payer_company_id from payment_outcomes where order_id = ${orderId}`,
    );
    expect(rows.rows).toEqual([{ route_id: routeId, swift_bic: "BKCHCNBJ", payer_company_id: buyerCompanyId }]);
    // The supplier sees what was recorded, and has nothing to record itself.
    expect((await supplier.get(`/api/profile/orders/${orderId}`)).body.data.payments).toMatchObject({
      recorded: [{ outcome: "returned" }],
      open: [],
    });
  });
});

describe("stage documents, disputes and overdue reminders (ADR 056)", () => {
  let orderId: number;
  /** A PDF uploaded by `user` as a temporary upload; its id. */
  const upload = async (user: TestUser, name = "Инвойс-17.pdf") =>
    (await user.ok<{ id: number }>("POST", "/api/files/common", multipart(pdfDocument(), name, "application/pdf"))).id;
  /** The private download of file `id` as `user` (null: anonymous). */
  const download = (id: number, user: TestUser | null) =>
    Promise.resolve(api.app.request(`/api/files/${id}/content`, { headers: user ? { authorization: `Bearer ${user.token}` } : {} }));
  const docs = (user: TestUser, body: Record<string, unknown>) => user.post(`/api/profile/orders/${orderId}/documents`, body);

  beforeAll(async () => {
    const created = await buyer.ok("POST", "/api/profile/orders", proposal({ supplierCompanyId, legalEntityId: entityId }));
    const countered = await supplier.ok(
      "POST",
      `/api/profile/orders/${created.id}/versions`,
      proposal({ registeredName: "大连管道有限公司", uscc: USCC }),
    );
    await buyer.ok("POST", `/api/profile/orders/${created.id}/accept`, { version: countered.currentVersion });
    orderId = created.id;
  });

  test("both sides attach documents to stages reached; the files are private to the two companies and staff, 404 to everyone else", async () => {
    const invoice = await upload(supplier, "Invoice PI-2026-17.pdf");
    expectError(await docs(supplier, { stage: "shipped", kind: "invoice", fileIds: [invoice] }), 409, "invalid_transition");
    expect(issuesByPath(await docs(supplier, { stage: "prepayment_sent", kind: "fax", fileIds: [invoice] }))).toEqual({
      kind: "invalid_option",
    });
    expect(issuesByPath(await docs(supplier, { stage: "prepayment_sent", kind: "invoice", fileIds: [] }))).toEqual({ fileIds: "required" });
    expectError(await docs(supplierMember, { stage: "prepayment_sent", kind: "invoice", fileIds: [invoice] }), 403, "forbidden_role");
    for (const other of [outsider, stranger, moderator])
      expectError(await docs(other, { stage: "prepayment_sent", kind: "invoice", fileIds: [invoice] }), 404, "not_found");
    // Someone else's upload is no upload of the caller's.
    expectError(await docs(buyer, { stage: "prepayment_sent", kind: "invoice", fileIds: [invoice] }), 404, "file_not_found");
    const added = await docs(supplier, { stage: "prepayment_sent", kind: "invoice", fileIds: [invoice] });
    expect(added.status).toBe(201);
    const [doc] = added.body.data.stages.find((s: { stage: string }) => s.stage === "prepayment_sent").documents;
    expect(doc).toMatchObject({
      kind: "invoice",
      side: "supplier",
      stage: "prepayment_sent",
      file: { id: invoice, originalName: "Invoice PI-2026-17.pdf", url: `/files/${invoice}` },
    });
    expect(doc.file.size).toBeGreaterThan(0);
    expect(doc.uploadedBy).not.toBe("");
    // Attached once: the same id again is no upload any more.
    expectError(await docs(supplier, { stage: "prepayment_sent", kind: "invoice", fileIds: [invoice] }), 404, "file_not_found");
    for (const reader of [buyer, buyerMember, supplier, supplierMember, moderator]) {
      const res = await download(invoice, reader);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''Invoice%20PI-2026-17.pdf");
    }
    for (const other of [outsider, stranger, null]) expect((await download(invoice, other)).status).toBe(404);
    // A file sent with a mark becomes the stage's document too (the transport document's kind at shipment, else "other").
    const receipt = await upload(buyer, "Платёжное поручение 118.pdf");
    const marked = await buyer.post(`/api/profile/orders/${orderId}/stages`, {
      stage: "prepayment_sent",
      action: "mark",
      fileIds: [receipt],
    });
    expect(marked.status).toBe(200);
    const kinds = marked.body.data.stages[0].documents.map((d: { kind: string; side: string }) => `${d.side}:${d.kind}`);
    expect(kinds).toEqual(["supplier:invoice", "buyer:other"]);
    expect(marked.body.data.may.documentStages).toEqual(["prepayment_sent"]);
    expect((await download(receipt, supplierMember)).status).toBe(200);
    expect((await download(receipt, outsider)).status).toBe(404);
  });

  test("a problem on a stage: evidence, proposals rejected and accepted, staff step in, each side mailed in its language", async () => {
    const open = (user: TestUser, body: Record<string, unknown>) => user.post(`/api/profile/orders/${orderId}/disputes`, body);
    const evidence = await upload(supplier, "Выписка по счёту.pdf");
    expect(issuesByPath(await open(supplier, { stage: "prepayment_sent", message: "Not credited", proposalKind: "discount" }))).toEqual({
      proposalAmount: "required",
    });
    expect(issuesByPath(await open(supplier, { stage: "prepayment_sent", message: "" }))).toEqual({ message: "required" });
    expectError(await open(supplier, { stage: "arrived", message: "Not yet" }), 409, "invalid_transition");
    expectError(await open(supplierMember, { stage: "prepayment_sent", message: "x" }), 403, "forbidden_role");
    for (const other of [outsider, stranger, moderator])
      expectError(await open(other, { stage: "prepayment_sent", message: "x" }), 404, "not_found");
    const before = api.mail.length;
    const opened = await open(supplier, {
      stage: "prepayment_sent",
      message: "The prepayment is 500 USD short of 30 %",
      fileIds: [evidence],
      proposalKind: "other",
    });
    expect(opened.status).toBe(201);
    const dispute = opened.body.data;
    expect(dispute).toMatchObject({
      stage: "prepayment_sent",
      state: "open",
      openedBySide: "supplier",
      may: { post: true, answer: null, withdraw: true },
    });
    expect(dispute.messages[0]).toMatchObject({ side: "supplier", proposal: { kind: "other", amount: null }, proposalState: "open" });
    expect(dispute.messages[0].files.map((f: { id: number }) => f.id)).toEqual([evidence]);
    expectError(await open(supplier, { stage: "prepayment_sent", message: "again" }), 409, "invalid_transition");
    expect((await download(evidence, buyerMember)).status).toBe(200);
    for (const other of [outsider, stranger, null]) expect((await download(evidence, other)).status).toBe(404);
    await api.jobs.runDue("notification-mail");
    // Only this event's mail (other tests of the file left theirs queued).
    const mailed = api.mail.slice(before).filter((m) => /проблем|问题|problem/i.test(m.subject) && m.subject.includes(`${orderId}:`));
    expect(mailed.map((m) => m.to)).toEqual([buyer.email]);
    expect(mailed[0]!.subject).toContain("сообщение о проблеме");

    const path = `/api/profile/orders/${orderId}/disputes/${dispute.id}`;
    const buyerView = (await buyer.get(`/api/profile/orders/${orderId}`)).body.data;
    expect(buyerView.disputes[0].may).toEqual({ post: true, answer: dispute.messages[0].id, withdraw: false });
    expect(buyerView.may.disputeStages).toEqual([]);
    // The buyer rejects and counters with a partial refund of its own; the supplier cannot accept its own.
    expect(
      (await buyer.post(`${path}/answer`, { action: "reject", messageId: dispute.messages[0].id })).body.data.messages[0].proposalState,
    ).toBe("rejected");
    const countered = await buyer.post(`${path}/messages`, {
      message: "We will pay the rest with the balance",
      proposalKind: "discount",
      proposalAmount: "250,50",
    });
    expect(countered.status).toBe(201);
    const proposalId = countered.body.data.messages.at(-1).id;
    expect(countered.body.data.messages.at(-1).proposal).toEqual({ kind: "discount", amount: "250.50", currency: "USD", note: null });
    expectError(await buyer.post(`${path}/answer`, { action: "accept", messageId: proposalId }), 409, "invalid_transition");
    expectError(await buyer.post(`${path}/answer`, { action: "withdraw" }), 409, "invalid_transition");
    // Staff see the open dispute in the admin area and step in with a message, never a proposal.
    const listed = await moderator.get("/app/admin/order-disputes");
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((d: { id: number }) => d.id === dispute.id)).toMatchObject({ orderId, state: "open", messages: 2 });
    expect((await buyer.get("/app/admin/order-disputes")).status).toBeGreaterThanOrEqual(403);
    expectError(await moderator.post(`${path}/messages`, { message: "Refund it", proposalKind: "replacement" }), 409, "invalid_transition");
    const staff = await moderator.post(`${path}/messages`, { message: "Please settle this with the balance payment." });
    expect(staff.status).toBe(201);
    expect(staff.body.data.messages.at(-1)).toMatchObject({ side: null, proposal: null });
    expectError(await outsider.post(`${path}/messages`, { message: "hi" }), 404, "not_found");
    // The supplier accepts the buyer's discount: resolved, recorded on the order.
    const accepted = await supplier.post(`${path}/answer`, { action: "accept", messageId: proposalId });
    expect(accepted.body.data).toMatchObject({
      state: "resolved",
      resolution: { kind: "discount", amount: "250.50", currency: "USD", proposedBySide: "buyer", acceptedBySide: "supplier" },
      may: { post: false, answer: null, withdraw: false },
    });
    expectError(await buyer.post(`${path}/messages`, { message: "late" }), 409, "invalid_transition");
    const order = (await moderator.get(`/api/profile/orders/${orderId}`)).body.data;
    expect(order.disputes[0]).toMatchObject({ id: dispute.id, state: "resolved" });
    expect((await moderator.get("/app/admin/order-disputes")).body.data.map((d: { id: number }) => d.id)).not.toContain(dispute.id);
    expect((await moderator.get("/app/admin/order-disputes?state=resolved")).body.data.map((d: { id: number }) => d.id)).toContain(
      dispute.id,
    );
  });

  test("the reminders job, run with a fixed clock, e-mails both sides once per overdue stage; a second run sends nothing", async () => {
    // The stage was marked and confirmed: the next one (prepayment_received, the supplier's) is current, due 2030-01-10.
    await supplier.post(`/api/profile/orders/${orderId}/stages`, { stage: "prepayment_sent", action: "confirm" });
    await api.db.update(orders).set({ stageDueDate: "2030-01-10" }).where(eq(orders.id, orderId));
    const run = (now: string) =>
      orderRemindersJob.run(
        { now },
        {
          services: { db: api.db },
          jobs: api.jobs,
          logger: { info() {}, warn() {}, error() {}, debug() {} } as never,
          job: { id: "test", retryCount: 0 },
        },
      );
    const rows = () => api.db.execute<{ stage: string }>(sql`select stage from order_reminders where order_id = ${orderId}`);
    await run("2030-01-10T23:59:00Z");
    expect((await rows()).rows).toEqual([]);
    await api.jobs.runDue("notification-mail");
    const before = api.mail.length;
    await run("2030-01-11T00:10:00Z");
    await run("2030-01-11T01:10:00Z");
    expect((await rows()).rows).toEqual([{ stage: "prepayment_received" }]);
    await api.jobs.runDue("notification-mail");
    // Other orders of this file overdue since 2020 are reminded of in the same run: this order's mail only.
    const mailed = api.mail.slice(before).filter((m) => new RegExp(`(№|订单) ${orderId}\\D`).test(m.subject));
    expect(mailed.map((m) => m.to).sort()).toEqual([buyer.email, supplier.email].sort());
    // The owner (the supplier) is told it is its step, in Chinese; the buyer that the supplier is late, in Russian.
    expect(mailed.find((m) => m.to === supplier.email)!.subject).toContain("已逾期");
    expect(mailed.find((m) => m.to === buyer.email)!.subject).toContain("задерживается");
  });
});

describe("the dashboards' order series (issue 28 §4)", () => {
  type Series = { key: string; axis: string; unit: string; total: number; points: { period: string; value: number; label?: string }[] };
  const find = (list: Series[], key: string) => list.find((s) => s.key === key)!;
  const at = (s: Series, period: string) => s.points.find((p) => p.period === period)?.value;

  test("the supplier sees orders by stage and revenue in RUB; the buyer orders by stage, open requests, spend by bucket and by supplier", async () => {
    const supplierSide = (await supplier.get("/api/profile/dashboard?period=30&lang=en")).body.data;
    const byStage = find(supplierSide.supplier, "ordersByStage");
    expect(byStage).toMatchObject({ axis: "category", unit: "count" });
    // Every stage in order, negotiating first and the orders closed in the range last.
    expect(byStage.points.map((p) => p.period)).toEqual(["negotiating", ...ORDER_STAGES, "done"]);
    const stored = await api.db.execute<{ state: string; stage: string | null; n: number }>(
      sql`select state, stage, count(*)::int as n from orders where supplier_company_id = ${supplierCompanyId} group by 1, 2`,
    );
    const count = (state: string, stage: string | null = null) =>
      stored.rows.filter((r) => r.state === state && (stage === null || r.stage === stage)).reduce((n, r) => n + Number(r.n), 0);
    expect(at(byStage, "negotiating")).toBe(count("negotiating"));
    expect(at(byStage, "done")).toBe(count("closed"));
    expect(at(byStage, "prepayment_received")).toBe(count("confirmed", "prepayment_received"));
    expect(byStage.total).toBe(byStage.points.reduce((n, p) => n + p.value, 0));
    const revenue = find(supplierSide.supplier, "revenue");
    expect(revenue).toMatchObject({ axis: "time", unit: "RUB" });
    expect(revenue.points.reduce((n, p) => n + p.value, 0)).toBeCloseTo(revenue.total, 1);

    const buyerSide = (await buyer.get("/api/profile/dashboard?period=30&lang=en")).body.data.buyer;
    expect(buyerSide.series.map((s: Series) => s.key)).toEqual([
      "requestsSent",
      "quotesReceived",
      "openRequests",
      "ordersByStage",
      "spend",
      "spendBySupplier",
    ]);
    expect(find(buyerSide.series, "ordersByStage").points).toEqual(byStage.points);
    // The buyer's spend is the supplier's revenue: the same orders, one pair of companies.
    expect(find(buyerSide.series, "spend").total).toBe(revenue.total);
    const bySupplier = find(buyerSide.series, "spendBySupplier");
    expect(bySupplier).toMatchObject({ axis: "category", unit: "RUB", total: revenue.total });
    if (revenue.total > 0)
      expect(bySupplier.points).toEqual([{ period: String(supplierCompanyId), value: revenue.total, label: "Dalian Pipes Co" }]);
    // The buyer's open requests now and at the end of each week (the open quote's request is open).
    expect(find(buyerSide.series, "openRequests").total).toBe(buyerSide.openRequests);
    expect(find(buyerSide.series, "openRequests").points.at(-1)!.value).toBe(buyerSide.openRequests);
  });
});
