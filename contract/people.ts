/**
 * People's names as the site shows them, in both tiers. No imports: the page shell may use it
 * without bringing zod into every page.
 */
/**
 * A person's name as the site shows it: "first last", either part left out when empty, "" when
 * both are (users, employees, inquiry and RFQ buyers, conversation authors).
 */
export function personName(person: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  return `${person?.firstName ?? ""} ${person?.lastName ?? ""}`.trim();
}
