/**
 * Number, money, quantity, date, TN VED code and country formatting for the page's language: the
 * shared formatter module contract/format.ts (pages and e-mails format alike; issue 26 defect #19).
 */
export {
  countryName,
  formatCount,
  formatDate,
  formatMoney,
  formatPrice,
  formatQuantity,
  formatQuantityUnit,
  formatTnvedCode,
  joinList,
  joinPlace,
  quoteName,
} from "#contract/format.ts";
