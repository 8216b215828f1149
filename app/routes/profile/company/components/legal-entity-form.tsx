/**
 * The legal-entity form (add or edit) of `/profile/legal_entities`: kind (organisation / sole
 * proprietor), INN, KPP, OGRN or OGRNIP, full and short name, legal address.
 *
 * Validation is the API's own schema (LegalEntitySchema), so the browser names the same problem the
 * server would: a wrong length (`inn_format`) or check digits that do not match (`inn_checksum`).
 *
 * "Fill by INN": without JavaScript a submit button (`intent=lookup`) whose answer is this form
 * filled in from the register; with JavaScript the lookup runs through a fetcher as soon as the INN
 * is complete and valid, and fills the fields that are still empty (the button overwrites them all).
 * The register's answer is shown under the INN (found, nothing found, service unavailable).
 */
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { LegalEntitySchema, type LegalEntityView } from "#contract/profile/legal-entities.ts";
import { validateInn } from "#contract/identifiers.ts";
import type { PartySuggestion } from "#contract/suggestions.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useT } from "#app/lib/use-t.ts";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { InputField } from "#app/components/form/field.tsx";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { StepButton } from "./step-button.tsx";

export type LookupOutcome = { status: "found"; party: PartySuggestion } | { status: "none" | "unavailable" | "unconfigured" };

const FILLED = ["kpp", "ogrn", "nameFull", "nameShort", "address"] as const;

export function LegalEntityForm({
  entity,
  result,
  lookup,
}: {
  entity: LegalEntityView | null;
  result: SubmissionResult<string[]> | undefined;
  lookup: LookupOutcome | null;
}) {
  const t = useT();
  const navigation = useNavigation();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; lookup: LookupOutcome | null }>();
  const [form, fields] = useZodForm(LegalEntitySchema, {
    id: `legal-entity-${entity?.id ?? "new"}`,
    lastResult: result,
    defaultValue: entity
      ? {
          kind: entity.kind,
          inn: entity.inn,
          kpp: entity.kpp ?? "",
          ogrn: entity.ogrn ?? "",
          nameFull: entity.nameFull,
          nameShort: entity.nameShort ?? "",
          address: entity.address ?? "",
        }
      : { kind: "legal" },
  });
  const [kind, setKind] = useState(String(fields.kind.initialValue ?? "legal"));
  const formRef = useRef<HTMLFormElement>(null);
  /** The INN last looked up on its own, so typing elsewhere does not repeat the call. */
  const autoLooked = useRef<string | null>(entity?.inn ?? null);
  /** Whether the last lookup was the button's (overwrite every field) or the automatic one (fill the empty ones). */
  const overwrite = useRef(false);
  const [unconfigured, setUnconfigured] = useState(false);
  // Without JavaScript the kind may change after the page was drawn: labels then name both cases.
  const hydrated = useHydrated();
  const shownKind = hydrated ? kind : "either";

  const runLookup = (inn: string, all: boolean) => {
    overwrite.current = all;
    void fetcher.submit({ intent: "lookup", inn, kind }, { method: "post" });
  };

  // Apply the register's answer that came back through the fetcher.
  const answer = fetcher.state === "idle" ? fetcher.data?.lookup : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.status === "unconfigured") setUnconfigured(true);
    if (answer.status !== "found") return;
    const party = answer.party;
    const values: Record<string, string> = {
      kpp: party.kind === "legal" ? (party.kpp ?? "") : "",
      ogrn: party.ogrn ?? "",
      nameFull: party.nameFull,
      nameShort: party.nameShort ?? "",
      address: party.address ?? "",
    };
    const element = formRef.current;
    setKind(party.kind);
    form.update({ name: fields.kind.name, value: party.kind });
    for (const name of FILLED) {
      const current = (element?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
      if (overwrite.current || current.trim() === "") form.update({ name, value: values[name] });
    }
    // fields/form are stable per form id; only a new answer should run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // The automatic lookup speaks only when it found something; the button's answer is always shown.
  const fetched = fetcher.data?.lookup;
  const shownLookup = fetched ? (overwrite.current || fetched.status === "found" ? fetched : null) : lookup;
  const lookupErrors =
    fetcher.state === "idle" && fetcher.data?.result?.error?.inn ? (fetcher.data.result.error.inn as string[]) : undefined;
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} ref={formRef} className="company-form legal-entity-form">
      {entity ? <input type="hidden" name="id" value={entity.id} /> : null}
      {/* Enter in a field saves (the first submit button of a form is the one Enter presses). */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <fieldset className="field">
        <legend>{t("legalEntities.kind")}</legend>
        <div className="radio-row">
          {(["legal", "individual"] as const).map((k) => (
            <label key={k} className="field-check">
              <input
                {...getInputProps(fields.kind, { type: "radio", value: k })}
                key={`${fields.kind.key}-${k}`}
                onChange={() => setKind(k)}
              />
              <span>{t(`legalEntities.kinds.${k}`)}</span>
            </label>
          ))}
        </div>
        <FieldError id={fields.kind.errorId} errors={fields.kind.errors as string[] | undefined} />
      </fieldset>

      <div className="field inn-field">
        <label htmlFor={fields.inn.id}>{t("suppliers.inn")}</label>
        <div className="field-row">
          <input
            {...getInputProps(fields.inn, { type: "text" })}
            key={fields.inn.key}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            aria-describedby={`${fields.inn.id}-hint ${fields.inn.errorId}`}
            onInput={(event) => {
              const inn = event.currentTarget.value.replace(/[\s-]+/g, "");
              if (unconfigured || (inn.length !== 10 && inn.length !== 12) || validateInn(inn) || autoLooked.current === inn) return;
              autoLooked.current = inn;
              runLookup(inn, false);
            }}
          />
          <StepButton
            intent="lookup"
            className="button button-secondary"
            busy={fetcher.state !== "idle"}
            label={t("legalEntities.lookup")}
            busyLabel={t("legalEntities.lookingUp")}
            background={() => {
              // With JavaScript: look up in the background and keep the page (and anything typed) as it is.
              const input = formRef.current?.elements.namedItem("inn") as HTMLInputElement | null;
              if (!input) return false;
              runLookup(input.value.replace(/[\s-]+/g, ""), true);
              return true;
            }}
          />
        </div>
        <p id={`${fields.inn.id}-hint`} className="field-hint">
          {t("legalEntities.innHint")}
        </p>
        <FieldError id={fields.inn.errorId} errors={(fields.inn.errors as string[] | undefined) ?? lookupErrors} />
        {shownLookup ? <LookupNotice outcome={shownLookup} /> : null}
      </div>

      <div className="field-pair field-pair-even">
        <InputField
          field={fields.kpp}
          label={t("suppliers.kpp")}
          hint={t(shownKind === "individual" ? "legalEntities.kppIndividual" : "legalEntities.kppHint")}
          inputMode="text"
          maxLength={9}
          autoComplete="off"
          disabled={hydrated && kind === "individual"}
        />
        <InputField
          field={fields.ogrn}
          label={t(shownKind === "individual" ? "suppliers.ogrnip" : shownKind === "legal" ? "suppliers.ogrn" : "legalEntities.ogrnEither")}
          hint={t(
            shownKind === "individual"
              ? "legalEntities.ogrnipHint"
              : shownKind === "legal"
                ? "legalEntities.ogrnHint"
                : "legalEntities.ogrnEitherHint",
          )}
          inputMode="numeric"
          maxLength={15}
          autoComplete="off"
        />
      </div>
      <InputField field={fields.nameFull} label={t("legalEntities.nameFull")} hint={t("legalEntities.nameFullHint")} lang="ru" />
      <InputField field={fields.nameShort} label={t("legalEntities.nameShort")} lang="ru" />
      <InputField field={fields.address} label={t("legalEntities.address")} autoComplete="street-address" lang="ru" />
      <FormErrors id={form.errorId} errors={form.errors as string[] | undefined} />
      <button type="submit" name="intent" value="save" className="button button-primary" disabled={busy}>
        {entity ? t("legalEntities.save") : t("legalEntities.add")}
      </button>
    </Form>
  );
}

function LookupNotice({ outcome }: { outcome: LookupOutcome }) {
  const t = useT();
  if (outcome.status !== "found") {
    return (
      <p className="lookup-notice lookup-none" role="status">
        {t(`legalEntities.lookupResult.${outcome.status}`)}
      </p>
    );
  }
  const state = outcome.party.state;
  return (
    <p className="lookup-notice lookup-found" role="status">
      {t("legalEntities.lookupResult.found", { name: outcome.party.nameShort ?? outcome.party.nameFull })}
      {state && state !== "ACTIVE" ? (
        <strong className="lookup-state"> {t(`legalEntities.state.${state}`, { defaultValue: t("legalEntities.state.OTHER") })}</strong>
      ) : null}
    </p>
  );
}
