/**
 * "Fill from the website" under the company form's website field: the route's action reads the
 * site's title and description through the API's page reader (GET /app/parse/meta) and proposes
 * them for the name and description of the site's language that are still empty.
 * - Without JavaScript: a submit button (`intent=fillFromSite`); the form comes back filled in.
 * - With JavaScript: a fetcher posts the website (and the source language); `onFill` puts the values
 *   into the fields that are still empty and returns which it filled.
 * The answer is said under the button: what was filled, nothing new, or why the site could not be
 * read (`parseMeta.errors.<code>`: not found, internal address, timeout…).
 */
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useT } from "#app/lib/use-t.ts";
import { StepButton } from "./step-button.tsx";

/** The answer of "fill from the website": what was filled (field names), or why nothing was. */
export type SiteFill =
  { status: "ok"; filled: string[]; values: Record<string, string>; title: string | null } | { status: "error"; code: string };

export function SiteFiller({ answer, onFill }: { answer: SiteFill | null; onFill: (values: Record<string, string>) => string[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ site?: SiteFill }>();
  const [applied, setApplied] = useState<SiteFill | null>(null);
  const live = fetcher.state === "idle" ? fetcher.data?.site : undefined;
  useEffect(() => {
    if (!live) return;
    setApplied(live.status === "ok" ? { ...live, filled: onFill(live.values) } : live);
    // Only a new answer applies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);
  const shown = hydrated ? applied : answer;
  return (
    <div className="site-fill">
      <StepButton
        intent="fillFromSite"
        className="button button-secondary button-small"
        busy={fetcher.state !== "idle"}
        label={t("profileCompany.site.button")}
        busyLabel={t("parseMeta.reading")}
        background={(form) => {
          if (!hydrated) return false;
          const website = (form?.elements.namedItem("website") as HTMLInputElement | null)?.value ?? "";
          const sourceLang = (form?.querySelector('input[name="sourceLang"]:checked') as HTMLInputElement | null)?.value ?? "ru";
          setApplied(null);
          void fetcher.submit({ intent: "fillFromSite", website, sourceLang }, { method: "post" });
          return true;
        }}
      />
      {shown ? (
        <p className={`lookup-notice ${shown.status === "ok" && shown.filled.length > 0 ? "lookup-found" : "lookup-none"}`} role="status">
          {shown.status === "error"
            ? t(`parseMeta.errors.${shown.code}`, {
                defaultValue: t(`profileCompany.site.${shown.code === "website_required" ? "websiteRequired" : "unavailable"}`),
              })
            : shown.filled.length > 0
              ? t("profileCompany.site.filled", {
                  fields: shown.filled
                    .map((name) => t(`profileCompany.site.field.${name.split(".")[0]}`, { lang: name.split(".")[1]!.toUpperCase() }))
                    .join(", "),
                })
              : t("profileCompany.site.nothingNew")}
        </p>
      ) : null}
    </div>
  );
}
