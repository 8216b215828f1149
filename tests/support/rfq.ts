/**
 * Buying-request fixtures shared by the API tests.
 *
 * `trustBuyer(api, userId, tnvedCode)` gives a buyer `RFQ_LIMITS.trustedAfterOpened` requests opened
 * and closed 90 days ago (private, so no list or mail sees them): a buyer with fewer is new, and their
 * private requests wait for moderation (security review N3, server/api/rate-limits.ts).
 */
import { RFQ_LIMITS } from "#server/api/rate-limits.ts";
import { rfqs } from "#server/db/schema.ts";
import type { TestApi } from "./api.ts";

export async function trustBuyer(api: TestApi, userId: number, tnvedCode: string): Promise<void> {
  const past = new Date(Date.now() - 90 * 86_400_000);
  for (let i = 1; i <= RFQ_LIMITS.trustedAfterOpened; i++) {
    await api.db.insert(rfqs).values({
      buyerUserId: userId,
      title: `Старый запрос ${i}`,
      description: "—",
      lang: "ru",
      tnvedCode,
      tnvedHeading: tnvedCode.slice(0, 4),
      quantity: "1",
      unit: "t",
      incoterms: "EXW",
      destinationCountry: "RU",
      destinationCity: "Москва",
      deadline: past,
      visibility: "private",
      status: "closed",
      submittedAt: past,
      openedAt: past,
      closedAt: past,
    });
  }
}
