/** The current page's language, from the URL (the same source the server uses). */
import { useLocation } from "react-router";
import { splitLocalePath, type Lang } from "./i18n.ts";

export function useLang(): Lang {
  return splitLocalePath(useLocation().pathname).lang;
}
