/**
 * Drafts in bulk (issue 26 §3, usability review J4-2), on PGlite and PostgreSQL: a supplier imports a
 * 300-row CSV price list, narrows the list to that import, sets the category of all its drafts, deletes
 * two by id, and submits the rest in one action; products in other states are skipped and counted by
 * reason; a moderator reviews the submission by its summary and a stable sample and approves it in one
 * action (a background job), the supplier's people get one e-mail for all, not 298; a rejection of a
 * whole submission sends them back with the reason. Another company's ids are never touched.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { decideSubmission } from "#server/admin/submissions.ts";
import { CLI_ACTOR } from "#server/audit/access.ts";
import { categories, products, productSubmissions } from "#server/db/schema.ts";
import { createSupplier, createUser, expectError, issuesByPath, multipart, profileTest } from "#tests/support/profile.ts";

const P = "/api/profile/company/products";
const ROWS = 300;

/** A CSV price list of `rows` products with articles `<prefix>-1…`. */
function priceList(prefix: string, rows: number): Uint8Array {
  const lines = ["Артикул;Наименование;Цена;Валюта;Ед. изм."];
  for (let i = 1; i <= rows; i++) lines.push(`${prefix}-${i};Фланец стальной Ду${i};${(100 + i).toString()},50;RUB;шт.`);
  return new TextEncoder().encode(lines.join("\n"));
}

const test = profileTest
  .extend("owner", { scope: "file" }, ({ api }) =>
    createSupplier(api, "bulk-owner", { name: { ru: "ООО «Фланцы оптом»" }, sourceLang: "ru", country: "RU" }),
  )
  .extend("other", { scope: "file" }, ({ api }) =>
    createSupplier(api, "bulk-other", { name: { ru: "ООО «Соседи»" }, sourceLang: "ru", country: "RU" }),
  )
  .extend("moderator", { scope: "file" }, ({ api }) => createUser(api, "bulk-moderator", { role: "MODERATOR" }))
  .extend("categoryId", { scope: "file" }, async ({ api }, { onCleanup }) => {
    const [row] = await api.db
      .insert(categories)
      .values({ slug: "test-bulk-flanges", name: { ru: "Фланцы (тест)", en: "Flanges (test)" }, sourceLang: "ru" })
      .returning({ id: categories.id });
    onCleanup(() =>
      api.db
        .delete(categories)
        .where(eq(categories.id, row!.id))
        .then(() => undefined),
    );
    return row!.id;
  })
  .extend("runId", { scope: "file" }, async ({ api, owner }) => {
    const uploaded = await owner.post("/api/profile/company/price-lists", multipart(priceList("FL", ROWS), "фланцы.csv", "text/csv"));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const runId = uploaded.body.data.id as number;
    expect((await owner.post(`/api/profile/company/price-lists/${runId}/import`)).status).toBe(200);
    expect(await api.jobs.runDue("price-list-import")).toBe(1);
    return runId;
  });

test("the drafts of one import are narrowed, changed, pruned and submitted in three actions", async ({
  api,
  owner,
  other,
  categoryId,
  runId,
}) => {
  const listed = await owner.get(`${P}?run=${runId}&perPage=10`);
  expect(listed.body.meta.total).toBe(ROWS);

  // A product of the same company outside the import, and one of another company: never touched.
  const own = await owner.ok<{ id: number }>("POST", P, { name: { ru: "Заглушка вне прайса" }, sourceLang: "ru" });
  const foreign = await other.ok<{ id: number }>("POST", P, { name: { ru: "Чужой фланец" }, sourceLang: "ru" });

  // Set a field on every product the filter matches.
  const set = await owner.ok("POST", `${P}/bulk`, {
    action: "set",
    all: true,
    filter: { run: runId },
    set: { categoryId, originCountry: "ru" },
  });
  expect(set).toEqual({ action: "set", matched: ROWS, changed: ROWS, skipped: [], submissionId: null });
  const inRun = await api.db
    .select()
    .from(products)
    .where(and(eq(products.companyId, owner.companyId), sql`${products.sku} like 'FL-%'`));
  expect(inRun.every((p) => p.categoryId === categoryId && p.originCountry === "RU")).toBe(true);
  const [untouched] = await api.db.select().from(products).where(eq(products.id, own.id));
  expect(untouched!.categoryId).toBeNull();

  // Delete two by id; another company's id in the list is not ours to count.
  const doomed = inRun.slice(0, 2).map((p) => p.id);
  const deleted = await owner.ok("POST", `${P}/bulk`, { action: "delete", ids: [...doomed, foreign.id] });
  expect(deleted).toMatchObject({ matched: 2, changed: 2, skipped: [] });
  expect(
    await api.db
      .select()
      .from(products)
      .where(inArray(products.id, [...doomed, foreign.id])),
  ).toHaveLength(1);

  // Submit the rest: one submission.
  const submitted = await owner.ok("POST", `${P}/bulk`, { action: "submit", all: true, filter: { run: runId, status: "draft" } });
  expect(submitted).toMatchObject({ action: "submit", matched: ROWS - 2, changed: ROWS - 2, skipped: [] });
  expect(submitted.submissionId).toEqual(expect.any(Number));
  const [submission] = await api.db.select().from(productSubmissions).where(eq(productSubmissions.id, submitted.submissionId));
  expect(submission).toMatchObject({ companyId: owner.companyId, productCount: ROWS - 2, priceListRunId: runId, state: "waiting" });

  // Again: nothing left to submit, each product counted by why.
  const again = await owner.ok("POST", `${P}/bulk`, { action: "submit", all: true, filter: { run: runId } });
  expect(again).toMatchObject({
    matched: ROWS - 2,
    changed: 0,
    skipped: [{ reason: "under_moderation", count: ROWS - 2 }],
    submissionId: null,
  });
  const frozen = await owner.ok("POST", `${P}/bulk`, { action: "set", all: true, filter: { run: runId }, set: { moqUnit: "kg" } });
  expect(frozen).toMatchObject({ changed: 0, skipped: [{ reason: "under_moderation", count: ROWS - 2 }] });

  // A run id that is no run of this company's selects nothing and is never written into a submission.
  for (const run of [2_147_483_000, runId + 100_000]) {
    const nothing = await owner.ok("POST", `${P}/bulk`, { action: "submit", all: true, filter: { run } });
    expect(nothing).toMatchObject({ matched: 0, changed: 0, submissionId: null });
  }
});

test("bad bulk requests are refused with the field that is wrong, and delete needs an owner or admin", async ({ api, owner }) => {
  expectError(await owner.post(`${P}/bulk`, { action: "submit" }), 400, "invalid_body");
  expect(issuesByPath(await owner.post(`${P}/bulk`, { action: "submit" }))).toMatchObject({ ids: "required" });
  expect(issuesByPath(await owner.post(`${P}/bulk`, { action: "set", ids: [1] }))).toMatchObject({ set: "required" });
  expect(issuesByPath(await owner.post(`${P}/bulk`, { action: "publish", ids: [1] }))).toMatchObject({ action: "invalid_option" });
  const unknown = await owner.post(`${P}/bulk`, { action: "set", ids: [1], set: { tnvedCode: "9999999999" } });
  expect(issuesByPath(unknown)).toMatchObject({ "set.tnvedCode": "unknown_code" });
  expect(
    issuesByPath(await owner.post(`${P}/bulk`, { action: "delete", ids: Array.from({ length: 1001 }, (_, i) => i + 1) })),
  ).toMatchObject({
    ids: "too_big",
  });

  // An employee (not an owner or admin) may submit but not delete.
  const colleague = await createUser(api, "bulk-editor");
  await owner.ok("POST", "/api/profile/company/employees", { email: colleague.email, role: "member" });
  const invitations = await colleague.ok<any[]>("GET", "/api/profile/invitations");
  await colleague.ok("POST", `/api/profile/invitations/${invitations.find((i) => i.company.id === owner.companyId)!.id}/accept`);
  const draft = await owner.ok<{ id: number }>("POST", P, { name: { ru: "Черновик коллеги" }, sourceLang: "ru" });
  expectError(await colleague.post(`${P}/bulk`, { action: "delete", ids: [draft.id] }), 403, "forbidden_role");
  expect((await colleague.ok("POST", `${P}/bulk`, { action: "submit", ids: [draft.id] })).changed).toBe(1);
});

test("a moderator reviews a submission by summary and sample, approves it in one action, and the company gets one e-mail", async ({
  api,
  owner,
  moderator,
  runId,
}) => {
  const [submission] = await api.db
    .select()
    .from(productSubmissions)
    .where(and(eq(productSubmissions.companyId, owner.companyId), eq(productSubmissions.priceListRunId, runId)));
  const listed = await moderator.ok<any[]>("GET", "/app/admin/moderation/submissions?lang=ru");
  expect(listed.find((s) => s.id === submission!.id)).toMatchObject({
    companyId: owner.companyId,
    productCount: ROWS - 2,
    awaiting: ROWS - 2,
    fileName: "фланцы.csv",
    state: "waiting",
  });

  const detail = await moderator.ok("GET", `/app/admin/moderation/submissions/${submission!.id}?lang=ru`);
  expect(detail.sample).toHaveLength(12);
  expect(detail.summary).toMatchObject({ withoutTnved: ROWS - 2, withoutPrice: 0, withoutImage: ROWS - 2 });
  expect(detail.summary.categories).toEqual([expect.objectContaining({ count: ROWS - 2 })]);
  // The same sample on every visit, spread over the file (not its first rows).
  const again = await moderator.ok("GET", `/app/admin/moderation/submissions/${submission!.id}?lang=ru`);
  expect(again.sample.map((s: any) => s.id)).toEqual(detail.sample.map((s: any) => s.id));
  expect(detail.sample.map((s: any) => s.doc.name.ru)).not.toEqual(Array.from({ length: 12 }, (_, i) => `Фланец стальной Ду${i + 3}`));

  // An owner cannot decide; a moderator can, once.
  expectError(await owner.post(`/app/admin/moderation/submissions/${submission!.id}/decide`, { decision: "approve" }), 403, "forbidden");
  const mailBefore = api.mail.length;
  const decided = await moderator.ok("POST", `/app/admin/moderation/submissions/${submission!.id}/decide`, { decision: "approve" });
  expect(decided.state).toBe("approving");
  expectError(
    await moderator.post(`/app/admin/moderation/submissions/${submission!.id}/decide`, { decision: "approve" }),
    409,
    "nothing_to_approve",
  );
  expect(await api.jobs.runDue("decide-submission")).toBe(1);

  const published = await api.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.submissionId, submission!.id), eq(products.status, "published")));
  expect(published[0]!.n).toBe(ROWS - 2);
  const mails = api.mail.slice(mailBefore).filter((m) => m.to === owner.email);
  expect(mails.map((m) => m.subject)).toEqual([`${ROWS - 2} товаров опубликованы на Postavka`]);
  const [after] = await api.db.select().from(productSubmissions).where(eq(productSubmissions.id, submission!.id));
  expect(after).toMatchObject({ state: "decided", decision: "approved" });
  expect((await moderator.ok<any[]>("GET", "/app/admin/moderation/submissions?lang=ru")).some((s) => s.id === submission!.id)).toBe(false);
});

test("a whole submission is sent back with the moderator's reason; a product withdrawn meanwhile is left alone", async ({
  api,
  owner,
  moderator,
}) => {
  const ids: number[] = [];
  for (const name of ["Отвод 90°", "Отвод 45°", "Тройник"])
    ids.push((await owner.ok<{ id: number }>("POST", P, { name: { ru: name }, sourceLang: "ru" })).id);
  const { submissionId } = await owner.ok("POST", `${P}/bulk`, { action: "submit", ids });
  expect((await owner.patch(`${P}/${ids[2]}/status`, { action: "withdraw" })).status).toBe(200);

  expectError(
    await moderator.post(`/app/admin/moderation/submissions/${submissionId}/decide`, { decision: "reject" }),
    400,
    "invalid_body",
  );
  await moderator.ok("POST", `/app/admin/moderation/submissions/${submissionId}/decide`, {
    decision: "reject",
    reason: "Укажите коды ТН ВЭД и фото",
    lang: "ru",
  });
  expect(await api.jobs.runDue("decide-submission")).toBe(1);
  const rows = await api.db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(ids[0]!)).toMatchObject({ status: "rejected", moderationNote: "Укажите коды ТН ВЭД и фото" });
  expect(byId.get(ids[1]!)).toMatchObject({ status: "rejected" });
  expect(byId.get(ids[2]!)).toMatchObject({ status: "draft", submissionId: null });
  const mail = api.mail.filter((m) => m.to === owner.email).at(-1)!;
  expect(mail.subject).toBe("2 товара нужно исправить");
  expect(mail.text).toContain("Укажите коды ТН ВЭД и фото");
  // A rejected product comes back alone when submitted again: no submission of one.
  expect(await owner.ok("POST", `${P}/bulk`, { action: "submit", ids: [ids[0]] })).toMatchObject({ changed: 1, submissionId: null });
});

test("a decision whose job cannot be queued leaves the submission waiting, so a moderator can decide it again", async ({
  api,
  owner,
  moderator,
}) => {
  const ids: number[] = [];
  for (const name of ["Заглушка Ду50", "Заглушка Ду80"])
    ids.push((await owner.ok<{ id: number }>("POST", P, { name: { ru: name }, sourceLang: "ru" })).id);
  const { submissionId } = await owner.ok<{ submissionId: number }>("POST", `${P}/bulk`, { action: "submit", ids });
  const down = { ...api.jobs, send: () => Promise.reject(new Error("queue unavailable")) };
  await expect(decideSubmission(api.db, down, { submissionId, decision: "approve", actor: CLI_ACTOR })).rejects.toThrow(
    "queue unavailable",
  );
  const [row] = await api.db.select().from(productSubmissions).where(eq(productSubmissions.id, submissionId));
  expect(row).toMatchObject({ state: "waiting" });
  expect((await moderator.ok("POST", `/app/admin/moderation/submissions/${submissionId}/decide`, { decision: "approve" })).state).toBe(
    "approving",
  );
  expect(await api.jobs.runDue("decide-submission")).toBe(1);
});
