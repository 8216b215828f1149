/** Flash messages of the order pages (translated by the server, like lib/product-flash.ts) (`orders.flash.*`; app/routes/profile/orders/), allowed by app/lib/flash.ts. */
export const ORDERS_FLASH_MESSAGES = [
  "orders.flash.created",
  "orders.flash.countered",
  "orders.flash.accepted",
  "orders.flash.cancelled",
  "orders.flash.stage",
  "orders.flash.payment",
  "orders.flash.documents",
  "orders.flash.disputeOpened",
  "orders.flash.disputeMessage",
  "orders.flash.disputeAnswered",
] as const;
