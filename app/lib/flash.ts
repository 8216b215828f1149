/**
 * Flash messages (DESIGN §7): a one-time message carried across a redirect in the `flash` cookie
 * and shown as a toast on the next page (app/components/pwa/toaster.tsx). The cookie holds a message
 * key, not text, so the message appears in the language of the page it lands on; unknown keys are
 * dropped.
 */
import type { ToastTone } from "./pwa/toast.ts";
import { PRODUCT_FLASH_MESSAGES } from "./product-flash.ts";
import { RFQ_FLASH_MESSAGES } from "./rfq-flash.ts";
import { ORDERS_FLASH_MESSAGES } from "./orders-flash.ts";

/** The company profile's messages (issue 5: start, overview, card, legal entities). */
const COMPANY_FLASH = [
  "profileStart.flash.created",
  "profileStart.flash.joined",
  "profileStart.flash.declined",
  "profileHome.flash.submitted",
  "profileHome.flash.withdrawn",
  "profileCompany.flash.saved",
  "profileCompany.flash.logoSaved",
  "profileCompany.flash.logoRemoved",
  "profileCompany.flash.fileAdded",
  "profileCompany.flash.fileRemoved",
  "profileCompany.flash.factsSaved",
  "profileCompany.flash.linkAdded",
  "profileCompany.flash.linkRemoved",
  "legalEntities.flash.added",
  "legalEntities.flash.updated",
  "legalEntities.flash.deleted",
] as const;

export const FLASH_MESSAGES = [
  "flash.externalRefused",
  "flash.signedIn",
  "flash.registered",
  "flash.signedOut",
  // Personal profile pages (issue 5: settings, sign-in contacts, employees).
  "profileSettings.flash.nameSaved",
  "profileSettings.flash.languageSaved",
  "profileSettings.flash.signedOutEverywhere",
  "profileSettings.flash.leftCompany",
  "profileContacts.flash.cancelled",
  "profileEmployees.flash.invited",
  "profileEmployees.flash.invitedMailFailed",
  "profileEmployees.flash.revoked",
  "profileEmployees.flash.removed",
  "profileEmployees.flash.saved",
  "profileEmployees.flash.blocked",
  "profileEmployees.flash.unblocked",
  ...PRODUCT_FLASH_MESSAGES,
  ...RFQ_FLASH_MESSAGES,
  ...ORDERS_FLASH_MESSAGES,
  ...COMPANY_FLASH,
  // The admin area (issue 7).
  "admin.flash.approved",
  "admin.flash.rejected",
  "admin.flash.submissionDecided",
  "rfq.hide.done",
  "admin.flash.saved",
  "admin.flash.created",
  "admin.flash.deleted",
  "admin.flash.blocked",
  "admin.flash.unblocked",
  "admin.flash.signedOut",
  "admin.flash.roleChanged",
  "admin.flash.coverSaved",
  "admin.flash.coverRemoved",
  // Inquiries and conversations (issue 14; ADR 028).
  "inquiries.flash.sent",
  "inquiries.flash.held",
  "claims.flash.submitted",
  "claims.flash.codeSent",
  "claims.flash.approved",
  "claims.flash.rejected",
  "admin.flash.claimApproved",
  "inquiries.flash.alreadySent",
  "inquiries.flash.replied",
  "inquiries.flash.closed",
  "inquiries.flash.reopened",
  "inquiries.flash.reported",
  "inquiries.flash.settingsSaved",
  "admin.messages.flash.hidden",
  "admin.messages.flash.dismissed",
  // Supplier translations (ADR 031).
  "content.flash.saved",
  "content.flash.removed",
  "content.flash.failed",
  // Payment routes (issue 28 §3).
  "paymentRoutes.profile.flash.added",
  "paymentRoutes.profile.flash.updated",
  "paymentRoutes.profile.flash.deleted",
  // API keys (issue 29 §1; ADR 052).
  "apiKeys.flash.revoked",
  "onecSettings.flash.saved",
] as const;
export type FlashMessage = (typeof FLASH_MESSAGES)[number];

export interface Flash {
  message: FlashMessage;
  tone: ToastTone;
}

/**
 * A flash message as the page receives it: translated by the server into the page's language, so the
 * client needs none of the (mostly profile and admin) message strings (ADR 021).
 */
export interface ShownFlash {
  text: string;
  tone: ToastTone;
}

export const FLASH_COOKIE = "flash";

export function isFlash(value: unknown): value is Flash {
  const v = value as Flash | null;
  return (
    typeof v === "object" &&
    v !== null &&
    (FLASH_MESSAGES as readonly string[]).includes(v.message) &&
    ["info", "success", "warning", "error"].includes(v.tone)
  );
}
