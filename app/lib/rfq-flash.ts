/** Flash messages of the buying request and quote pages (`rfq.flash.*`), allowed by app/lib/flash.ts. */
export const RFQ_FLASH_MESSAGES = [
  "rfq.flash.created",
  "rfq.flash.submitted",
  "rfq.flash.updated",
  "rfq.flash.closed",
  "rfq.flash.quoteSent",
  "rfq.flash.quoteUpdated",
  "rfq.flash.accepted",
  "rfq.flash.shortlisted",
  "rfq.flash.undone",
  "rfq.admin.approved",
  "rfq.admin.rejected",
] as const;
