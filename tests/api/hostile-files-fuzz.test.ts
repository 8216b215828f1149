/**
 * Hostile files against every upload endpoint of the OpenAPI documents (issue 25 §5), the fixed
 * small slice of `npm run fuzz` (which runs the full sizes against a real server process:
 * tests/fuzz/hostile-run.ts). Every case of tests/fuzz/hostile-files.ts goes to every multipart
 * operation, as a signed-in company owner (the admin's story cover as an administrator):
 * never a 5xx, a refusal is the error envelope, a hostile price list is refused with a file refusal
 * code, no external entity is read, and this process's peak RSS grows by less than HEAP_GROWTH_MB.
 *
 * Cases only the price-list reader's limits can refuse (`needsLimits`: bombs, a million columns,
 * deep and wide XML) run once contract/errors.ts has `price_list_too_large` (the reading worker of
 * issue 25 §1); before that they are skipped, by name. The event loop's worst delay is printed
 * (what `/healthz` would wait), not asserted: timings are no test assertions here.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ERRORS } from "#contract/errors.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, type TestUser } from "../support/profile.ts";
import { hostileCases, hostileProblem, uploadTargets, type UploadTarget } from "../fuzz/hostile-files.ts";

/** The most this process's peak RSS may grow while the slice runs (MB). */
const RSS_GROWTH_MB = 600;
const limitsBuilt = "price_list_too_large" in ERRORS;

let api: TestApi;
let owner: TestUser;
let admin: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  owner = await createUser(api, "hostile-owner");
  admin = await createUser(api, "hostile-admin", { role: "ADMIN" });
  await owner.post("/api/profile/company", { name: { ru: "ООО «Враждебные файлы»" }, country: "RU" });
  ids.product = (await owner.post("/api/profile/company/products", { name: { ru: "Труба" } })).body.data.id;
  ids.story = (
    await admin.post("/app/admin/stories", {
      slug: `hostile-${process.pid}-${Date.now().toString(36)}`,
      title: { ru: "Новость" },
      body: { ru: "Текст" },
    })
  ).body.data.id;
}, 120_000);

afterAll(async () => {
  if (ids.story) await admin.delete(`/app/admin/stories/${ids.story}`);
  await cleanupProfileData(api);
  await api.close();
});

let found: UploadTarget[] | undefined;
/** The multipart operations of both documents (read once). */
async function targets(): Promise<UploadTarget[]> {
  if (found) return found;
  const pub = await call(api, "GET", "/api/openapi.json");
  const adm = await admin.get("/app/admin/openapi.json");
  expect([pub.status, adm.status]).toEqual([200, 200]);
  found = [...uploadTargets("public", pub.body), ...uploadTargets("admin", adm.body)];
  return found;
}

/** Uploads `file` to `target` as the owner (admin for the admin document). */
async function post(target: UploadTarget, file: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  form.set("file", new File([Buffer.from(file.bytes)], file.name, { type: file.type }));
  const url = target.path.replace("{id}", String(target.path.includes("/stories/") ? ids.story : ids.product));
  const user = target.doc === "admin" ? admin : owner;
  const response = await api.app.request(url, {
    method: target.method,
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  return { status: response.status, text: await response.text() };
}

describe("hostile files", () => {
  test("the upload endpoints are found in the OpenAPI documents", async () => {
    const found = (await targets()).map((t) => t.path).sort();
    expect(found).toEqual(
      expect.arrayContaining([
        "/api/files/common",
        "/api/profile/company/files",
        "/api/profile/company/logo",
        "/api/profile/company/price-lists",
        "/api/profile/company/products/{id}/files",
        "/app/admin/stories/{id}/cover",
      ]),
    );
  });

  for (const c of hostileCases("slice")) {
    test.skipIf(c.needsLimits && !limitsBuilt)(
      `${c.id}: ${c.what}`,
      async () => {
        const file = c.file();
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const before = process.resourceUsage().maxRSS / 1024;
        const problems: string[] = [];
        const statuses: string[] = [];
        for (const target of await targets()) {
          const answer = await post(target, file);
          statuses.push(`${target.operationId} ${answer.status}`);
          const problem = hostileProblem(c, target, answer.status, answer.text);
          if (problem) problems.push(`${target.path}: ${problem}`);
        }
        delay.disable();
        const grown = process.resourceUsage().maxRSS / 1024 - before;
        console.info(
          `[hostile] ${c.id}: ${statuses.join(", ")}; peak RSS +${grown.toFixed(0)} MB; event loop worst ${(delay.max / 1e6).toFixed(0)} ms`,
        );
        expect(problems).toEqual([]);
        expect(grown).toBeLessThan(RSS_GROWTH_MB);
      },
      300_000,
    );
  }
});
