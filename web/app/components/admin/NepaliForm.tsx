import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import type { loader as adminLayoutLoader } from "~/routes/admin/layout";
import {
  KINDS,
  kindOf,
  localizedFields,
  nepaliEditPath,
  savePath,
  type AdminLang,
  type ItemByKind,
  type KindKey,
  type NepaliVersion,
} from "~/lib/admin/kinds";
import { VERSION_FIELD, type EditConflict } from "~/lib/admin/edit-conflict";
import type { FormActionData } from "~/lib/admin/form-action";
import { useAt } from "~/lib/admin/messages";
import { nepaliSchema } from "~/lib/admin/schemas";
import { useSchemaForm } from "./use-schema-form";
import { useUnsavedChangesGuard } from "./use-unsaved-changes";
import { ConfirmDeleteDialog, ACTION_DANGER } from "./ConfirmDelete";
import { EditConflictNotice } from "./EditConflictNotice";
import { ButtonSpinner, ErrorAlert, SaveFailureAlert, type SaveFailure } from "./Feedback";
import { ChildNamesWarning } from "./ChildNamesWarning";
import { IconTrash } from "~/components/ui/icons";
import { useListReturn } from "./use-list-return";
import { TextFieldControl } from "./TextFieldControl";
import { DEVANAGARI, HINT, LABEL } from "./styles";

/**
 * The language tabs of an edit screen: two links, so each tab has its own URL
 * (`?lang=ne`), survives a reload and works without JavaScript. The current one is
 * marked with aria-current.
 */
export function LanguageTabs({ kind, id, lang }: { kind: KindKey; id: number; lang: AdminLang }) {
  const at = useAt();
  const listReturn = useListReturn(kind);
  const tabs = [
    { lang: "en" as const, to: listReturn.link(KINDS[kind].paths.edit(id)), label: at("lang.en") },
    { lang: "ne" as const, to: listReturn.link(nepaliEditPath(kind, id)), label: at("lang.ne") },
  ];
  return (
    <nav aria-label={at("lang.tabs")} className="mb-6">
      <ul className="flex gap-1 border-b-2 border-sand-200">
        {tabs.map((tab) => {
          const current = tab.lang === lang;
          return (
            <li key={tab.lang} className="-mb-0.5">
              <Link
                to={tab.to}
                lang={tab.lang === "ne" ? "ne" : undefined}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={`inline-flex min-h-11 items-center border-b-2 px-5 py-2 text-base font-semibold ${
                  tab.lang === "ne" ? DEVANAGARI : ""
                } ${current ? "border-clay text-clay-dark" : "border-transparent text-muted hover:border-sand-200 hover:text-ink"}`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The Nepali tab: only the localised fields, the English text beside each for reference
 * (read-only). Validated with the same rules and messages as the English form (one
 * schema, shared with the server), then sent to /admin/save/{kind}/{id}?lang=ne, which answers
 * JSON: a refusal or a lost connection is said beside Save and everything typed stays.
 * Without JavaScript it is a plain form post to the edit route's action at `?lang=ne`.
 */
export function NepaliForm<K extends KindKey>({
  kind,
  item,
  nepali,
  actionData,
  childNames = [],
}: {
  kind: K;
  item: ItemByKind[K];
  nepali: NepaliVersion;
  actionData?: FormActionData;
  /** The children's full names the form warns about (the home's list). */
  childNames?: readonly string[];
}) {
  const at = useAt();
  const config = KINDS[kind];
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout");
  const listReturn = useListReturn(kind);
  const action = listReturn.link(nepaliEditPath(kind, item.id));
  const fields = localizedFields(kind);
  const english = item as unknown as Record<string, unknown>;
  const initial = actionData?.values ?? nepali.values;

  const formRef = useRef<HTMLFormElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<EditConflict | null>(actionData?.conflict ?? null);
  const [formError, setFormError] = useState<SaveFailure | null>(
    actionData?.message && !actionData.conflict ? { message: actionData.message } : null,
  );
  // The version this text is based on: a refused save keeps the one the form was opened with.
  const baseVersion = actionData?.baseVersion ?? nepali.version ?? "";

  const schema = useMemo(() => nepaliSchema(kind), [kind]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isDirty },
  } = useSchemaForm(schema, initial);

  // Asks before unsaved Nepali text is left (the English tab is a link away); its own save may go.
  const { allowLeave } = useUnsavedChangesGuard(isDirty || Boolean(actionData?.errors));
  // A failure is said beside Save: the message and the button are brought into view together.
  useEffect(() => {
    if (formError || conflict) footerRef.current?.scrollIntoView({ block: "nearest" });
  }, [formError, conflict]);

  const save = async (submitter: HTMLElement | null) => {
    const form = formRef.current;
    if (!form) return;
    setSaving(true);
    setFormError(null);
    setConflict(null);
    let response: Response;
    try {
      const body = new URLSearchParams();
      for (const [name, value] of new FormData(form, submitter)) if (typeof value === "string") body.append(name, value);
      response = await fetch(listReturn.link(`${savePath(kind, item.id)}?lang=ne`), {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
    } catch {
      setSaving(false);
      setFormError({ message: at("common.saveConnectionLost"), advice: at("common.saveCheckConnection") });
      return;
    }
    const answer = (await response.json().catch(() => null)) as NepaliSaveAnswer | null;
    if (answer?.ok || answer?.redirectTo) {
      // Saved (or the session ended: the login page, since nothing can be saved without it).
      allowLeave();
      navigate(answer.redirectTo!);
      return;
    }
    setSaving(false);
    if (answer?.conflict) {
      setConflict(answer.conflict);
      return;
    }
    for (const [field, messages] of Object.entries(answer?.errors ?? {})) {
      if (messages[0]) setError(field, { type: "server", message: messages[0] });
    }
    const refused = response.status >= 400 && response.status < 500 && answer?.message;
    setFormError(
      refused ? { message: answer.message! } : { message: answer?.message || at("nepali.saveFailed"), advice: at("common.saveRetryLater") },
    );
  };

  // Removal asks first, in the same dialog as deletes. Without JavaScript the button is a
  // link to `&remove=1`, which renders the dialog on the server.
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const confirmOpen = confirming || (nepali.exists && searchParams.get("remove") === "1");
  const closeConfirm = () => {
    if (confirming) setConfirming(false);
    else navigate(action, { replace: true, preventScrollReset: true });
  };

  if (nepali.error || !nepali.supported) {
    return <ErrorAlert>{nepali.error ?? at("nepali.unsupported")}</ErrorAlert>;
  }

  const errorOf = (name: string): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === "string" ? message : actionData?.errors?.[name]?.[0];
  };

  return (
    <>
      <form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        onSubmit={handleSubmit((_values, event) => {
          // The button pressed goes with the form ("Save mine instead" carries the version it replaces).
          const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
          return save(submitter instanceof HTMLButtonElement ? submitter : null);
        })}
        className="space-y-6 rounded-2xl border border-sand-200 bg-white p-5 shadow-card sm:p-8"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name={VERSION_FIELD} value={baseVersion} />
        <div>
          <h2 className="font-sans text-xl font-bold text-ink">
            {at("nepali.heading")}{" "}
            <span lang="ne" className={DEVANAGARI}>
              ({at("lang.ne")})
            </span>
          </h2>
          {nepali.exists ? (
            <p className="mt-2 text-muted">{at("nepali.exists")}</p>
          ) : (
            <p className="mt-3 rounded-xl border border-saffron/60 bg-saffron-light px-4 py-3 text-ink">{at("nepali.none")}</p>
          )}
          <p className={`${HINT} mt-3`}>{at("nepali.shared", { fields: at.list(config.shared.map((field) => field.label[at.locale])) })}</p>
        </div>

        {fields.map((field) => {
          const inputId = `field-ne-${field.name}`;
          const error = errorOf(field.name);
          const errorId = `${inputId}-error`;
          const hintId = `${inputId}-hint`;
          const describedBy = [field.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
          const common = {
            id: inputId,
            lang: "ne",
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy || undefined,
          } as const;
          const label = at("nepali.fieldLabel", { label: field.label[at.locale] });
          const englishField = field.reference ?? field.name;
          const englishValue = typeof english[englishField] === "string" ? (english[englishField] as string) : "";
          return (
            <div key={field.name} className="grid gap-4 border-t border-sand-200 pt-6 first-of-type:border-0 lg:grid-cols-2">
              <EnglishReference label={field.label[at.locale]} value={englishValue} long={field.type !== "text"} />
              <div className="min-w-0">
                <label htmlFor={inputId} className={LABEL}>
                  {label}
                </label>
                <TextFieldControl
                  field={field}
                  common={common}
                  registration={register(field.name)}
                  defaultValue={initial[field.name] ?? ""}
                  getValue={() => String(watch(field.name) ?? "")}
                  setValue={(value) => setValue(field.name, value as never, { shouldDirty: true })}
                  hintId={hintId}
                  errorId={errorId}
                  error={error}
                  devanagari
                />
              </div>
            </div>
          );
        })}

        <div ref={footerRef} data-testid="form-footer" className="space-y-4 border-t border-sand-200 pt-6">
          <ChildNamesWarning control={control} fields={config.localized} names={childNames} />
          {conflict ? (
            <EditConflictNotice
              conflict={conflict}
              fields={fields.map((field) => ({ name: field.name, label: at("nepali.fieldLabel", { label: field.label[at.locale] }) }))}
              yours={(name) => String(watch(name) ?? "")}
              disabled={saving}
            />
          ) : null}
          {formError ? <SaveFailureAlert failure={formError} /> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
            {nepali.exists ? (
              <Link
                to={`${action}&remove=1`}
                replace
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  setConfirming(true);
                }}
                className={`${ACTION_DANGER} min-h-11 justify-center px-4 text-base sm:mr-auto`}
              >
                <IconTrash size={18} />
                {at("nepali.remove")}
              </Link>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:ml-auto sm:flex-row">
              <Link to={listReturn.back} className="btn btn-ghost">
                {at("common.cancel")}
              </Link>
              <button type="submit" disabled={saving} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
                {saving ? <ButtonSpinner /> : null}
                {saving ? at("common.saving") : at("nepali.save")}
              </button>
            </div>
          </div>
          {/* New text of a published post from someone who may not publish it goes to a Manager first. */}
          {kindOf(kind).statusOf?.(item) === "published" && !layout?.user?.publishesOwnWork ? (
            <p className="text-sm text-muted sm:text-right">{at("blogs.resubmitHint")}</p>
          ) : null}
        </div>
      </form>
      <ConfirmDeleteDialog
        id={confirmOpen ? item.id : null}
        message={at("nepali.confirmRemove")}
        action={action}
        cancelHref={action}
        onCancel={closeConfirm}
      />
    </>
  );
}

/** What /admin/save/{kind}/{id}?lang=ne answers. */
interface NepaliSaveAnswer {
  ok: boolean;
  redirectTo?: string;
  message?: string;
  errors?: Record<string, string[]>;
  conflict?: EditConflict;
}

/** The English text of a field, read-only, beside its Nepali input. */
function EnglishReference({ label, value, long }: { label: string; value: string; long: boolean }) {
  const at = useAt();
  const name = at("nepali.englishOf", { label });
  const box = "mt-1.5 break-words rounded-lg border border-dashed border-[#b9a58f] bg-cream px-3 py-2.5 text-ink";
  return (
    <div className="min-w-0">
      <p className={LABEL}>
        {name} <span className="font-normal text-muted">({at("nepali.readOnly")})</span>
      </p>
      {long ? (
        // Long texts scroll inside their box; focusable so the keyboard can scroll it too.
        <div role="region" aria-label={name} tabIndex={0} lang="en" className={`${box} max-h-80 overflow-auto whitespace-pre-wrap`}>
          {value}
        </div>
      ) : (
        <p lang="en" className={box}>
          {value}
        </p>
      )}
    </div>
  );
}
