/** Previous/next page links that keep the other query parameters (plain links: no JavaScript needed). */
import { Link, useLocation } from "react-router";
import { useT } from "../lib/use-t.ts";

export function Pagination({ page, pages }: { page: number; pages: number }) {
  const t = useT();
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="button button-secondary">
          {t("pagination.prev")}
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination-status">{t("pagination.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="button button-secondary">
          {t("pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
