/**
 * Security review N5 and usability J1-7 (ADR 040): private files stay private. A file attached to a
 * message, a private buying request or a quote, and an upload not yet attached, is listed with its
 * authorised URL (`/files/{id}`), downloaded through `GET /api/files/{id}/content` only by those
 * who may see its owner — under its original name, `private, no-store` — and refused at `/media`
 * to everyone. Access ends when staff hide the message or the person leaves the company. Public
 * media (product images) keep `/media` with immutable caching. On PGlite and PostgreSQL.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  companies,
  companyMembers,
  conversationMessages,
  files,
  productFiles,
  products,
  quoteFiles,
  quotes,
  rfqFiles,
  rfqInvitations,
  rfqs,
} from "#server/db/schema.ts";
import { publicMediaGate } from "#server/files/access.ts";
import { createServerApp } from "#server/http.ts";
import { createLogger } from "#server/logger.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, jpegPhoto, multipart, pdfDocument, type TestUser } from "../support/profile.ts";

let api: TestApi;
let web: ReturnType<typeof createServerApp>;
let buyer: TestUser;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let otherOwner: TestUser;
let moderator: TestUser;
let supplierId: number;
let otherCompanyId: number;
let conversationId: number;
const createdCompanies: number[] = [];
const NAME = "КП-2026.pdf";
const pdf = pdfDocument("Коммерческое предложение");

async function company(name: string): Promise<number> {
  const [row] = await api.db
    .insert(companies)
    .values({ name: { ru: name }, country: "RU", status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  createdCompanies.push(row!.id);
  return row!.id;
}

const join = (user: TestUser, companyId: number, role: "owner" | "member") =>
  api.db.insert(companyMembers).values({ companyId, userId: user.id, role, status: "active" });

/** `user` downloads file `id` through the API (no token: anonymous). */
async function download(user: TestUser | null, id: number, query = "") {
  const response = await api.app.request(`/api/files/${id}/content${query}`, {
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function upload(user: TestUser, bytes: Uint8Array, name: string, type: string) {
  const reply = await user.post("/api/files/common", multipart(bytes, name, type));
  expect(reply.status).toBe(201);
  return reply.body.data as { id: number; url: string; thumbUrl: string | null };
}

const storageKey = async (id: number) => (await api.db.select().from(files).where(eq(files.id, id)))[0]!;

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  web = createServerApp({
    api: api.app,
    database: { ping: async () => true },
    logger: createLogger({ level: "silent" }),
    mode: "development",
    getBuild: () => Promise.reject(new Error("no pages in this test")),
    media: api.storage,
    mediaIsPublic: publicMediaGate(api.db),
  });
  buyer = await createUser(api, "files-buyer");
  owner = await createUser(api, "files-owner");
  member = await createUser(api, "files-member");
  stranger = await createUser(api, "files-stranger");
  otherOwner = await createUser(api, "files-other");
  moderator = await createUser(api, "files-moderator", { role: "MODERATOR" });
  supplierId = await company("Завод с файлами");
  otherCompanyId = await company("Чужая компания");
  await join(owner, supplierId, "owner");
  await join(member, supplierId, "member");
  await join(otherOwner, otherCompanyId, "owner");
  const sent = await buyer.post("/api/inquiries", { supplierId, message: "Пришлите КП, пожалуйста" }, { "x-client-ip": "10.40.0.1" });
  expect(sent.status).toBe(201);
  conversationId = sent.body.data.conversationId;
});

afterAll(async () => {
  if (api) {
    if (createdCompanies.length) await api.db.delete(companies).where(inArray(companies.id, createdCompanies));
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("a message's attachment", () => {
  let fileId: number;

  test("an upload not yet attached: listed at /files/{id}, downloaded by its uploader only, never at /media", async () => {
    const uploaded = await upload(buyer, pdf, NAME, "application/pdf");
    fileId = uploaded.id;
    expect(uploaded.url).toBe(`/files/${fileId}`);
    expect((await buyer.get("/api/files/common")).body.data[0].url).toBe(`/files/${fileId}`);
    expect((await download(buyer, fileId)).status).toBe(200);
    expect((await download(owner, fileId)).status).toBe(404);
    expect((await download(null, fileId)).status).toBe(404);
    const { storageKey: key } = await storageKey(fileId);
    expect((await web.request(`/media/${key}`)).status).toBe(404);
  });

  test("the two sides download it under its original name, private and not stored; the API lists the authorised URL", async () => {
    const reply = await buyer.post(`/api/conversations/${conversationId}/messages`, { message: "КП во вложении", fileIds: [fileId] });
    expect(reply.status).toBe(201);
    const seen = await owner.get(`/api/conversations/${conversationId}`);
    const attached = seen.body.data.messages.flatMap((m: { files: { id: number; url: string; name: string }[] }) => m.files);
    expect(attached).toEqual([expect.objectContaining({ id: fileId, url: `/files/${fileId}`, name: NAME })]);
    for (const person of [buyer, owner, member]) {
      const got = await download(person, fileId);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(pdf)).toBe(true);
      expect(got.headers.get("cache-control")).toBe("private, no-store");
      expect(got.headers.get("content-type")).toBe("application/pdf");
      expect(got.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(NAME)}`);
      expect(got.headers.get("content-disposition")).toMatch(/^attachment;/);
    }
    expect((await download(moderator, fileId)).status).toBe(200);
  });

  test("anonymous callers, strangers and another company get 404, at /api/files and at /media", async () => {
    for (const person of [null, stranger, otherOwner]) expect((await download(person, fileId)).status).toBe(404);
    const { storageKey: key } = await storageKey(fileId);
    const media = await web.request(`/media/${key}`);
    expect(media.status).toBe(404);
    expect(media.headers.get("cache-control")).toBeNull();
  });

  test("a person who leaves the company loses access", async () => {
    await api.db.update(companyMembers).set({ status: "blocked" }).where(eq(companyMembers.userId, member.id));
    expect((await download(member, fileId)).status).toBe(404);
    expect((await download(owner, fileId)).status).toBe(200);
  });

  test("a message hidden by staff: its file is gone for both sides, staff still read it", async () => {
    await api.db.update(conversationMessages).set({ hiddenAt: new Date() }).where(eq(conversationMessages.conversationId, conversationId));
    expect((await download(buyer, fileId)).status).toBe(404);
    expect((await download(owner, fileId)).status).toBe(404);
    expect((await download(moderator, fileId)).status).toBe(200);
  });
});

describe("buying requests and quotes", () => {
  test("a private request's file: its buyer and the invited company; a quote's file: the quoting company and the buyer", async () => {
    const rfqFile = await upload(buyer, pdf, "Чертёж.pdf", "application/pdf");
    const quoteFile = await upload(owner, pdf, "Предложение.pdf", "application/pdf");
    await api.db
      .update(files)
      .set({ expiresAt: null })
      .where(inArray(files.id, [rfqFile.id, quoteFile.id]));
    const [rfq] = await api.db
      .insert(rfqs)
      .values({
        buyerUserId: buyer.id,
        title: "Трубы",
        description: "Нужны трубы",
        lang: "ru",
        quantity: "10",
        unit: "t",
        incoterms: "EXW",
        destinationCountry: "RU",
        destinationCity: "Москва",
        deadline: new Date(Date.now() + 7 * 86400_000),
        visibility: "private",
        status: "open",
        openedAt: new Date(),
      })
      .returning({ id: rfqs.id });
    await api.db.insert(rfqFiles).values({ rfqId: rfq!.id, fileId: rfqFile.id });
    await api.db.insert(rfqInvitations).values({ rfqId: rfq!.id, companyId: supplierId });
    const [quote] = await api.db
      .insert(quotes)
      .values({
        rfqId: rfq!.id,
        companyId: supplierId,
        authorUserId: owner.id,
        tiers: [{ minQuantity: "10", price: "100" }],
        priceFrom: "100",
        currency: "RUB",
        moq: "10",
        leadTimeDays: 10,
        incoterms: "EXW",
        incotermsPlace: "Москва",
        validUntil: "2099-01-01",
        lang: "ru",
      })
      .returning({ id: quotes.id });
    await api.db.insert(quoteFiles).values({ quoteId: quote!.id, fileId: quoteFile.id });

    const own = await buyer.get(`/api/profile/rfq/${rfq!.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data.files[0].url).toBe(`/files/${rfqFile.id}`);
    for (const person of [buyer, owner]) expect((await download(person, rfqFile.id)).status).toBe(200);
    for (const person of [null, stranger, otherOwner]) expect((await download(person, rfqFile.id)).status).toBe(404);
    for (const person of [buyer, owner]) expect((await download(person, quoteFile.id)).status).toBe(200);
    for (const person of [null, stranger, otherOwner]) expect((await download(person, quoteFile.id)).status).toBe(404);
    for (const id of [rfqFile.id, quoteFile.id])
      expect((await web.request(`/media/${(await storageKey(id)).storageKey}`)).status).toBe(404);
  });
});

describe("public media", () => {
  test("a product image keeps /media with long-lived immutable caching, its thumbnail too", async () => {
    const image = await upload(owner, await jpegPhoto(64, 48), "труба.jpg", "image/jpeg");
    const [product] = await api.db
      .insert(products)
      .values({ companyId: supplierId, name: { ru: "Труба" }, status: "published", publishedAt: new Date() })
      .returning({ id: products.id });
    await api.db.update(files).set({ expiresAt: null }).where(eq(files.id, image.id));
    await api.db.insert(productFiles).values({ productId: product!.id, fileId: image.id, kind: "image", position: 0 });
    const row = await storageKey(image.id);
    for (const key of [row.storageKey, row.thumbKey!]) {
      const served = await web.request(`/media/${key}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect((await download(null, image.id)).status).toBe(200);
  });
});
