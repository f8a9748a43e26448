import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { EditConflictNotice } from "~/components/admin/EditConflictNotice";
import { ButtonSpinner, ErrorAlert, Notice } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { AdminRouteError, adminMeta, lastEditLine, PageHeader } from "~/components/admin/Page";
import { CARD, DEVANAGARI } from "~/components/admin/styles";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import type { SettingName } from "@contract/settings-rules";
import { baseVersionOf, REPLACE_VERSION_FIELD, VERSION_FIELD, type EditConflict } from "~/lib/admin/edit-conflict";
import { useAt, type AdminMessageKey } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice } from "~/lib/admin/session.server";
import {
  SETTING_FIELDS,
  SETTINGS_FORM_FIELDS,
  settingRule,
  settingsSchemas,
  settingsValues,
  type SettingsLocale,
  type SettingsValues,
} from "~/lib/admin/settings";
import { readSettings, saveSettings } from "~/lib/admin/settings.server";
import { requireManager } from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("settings.metaTitle"));

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireManager(request, "settings.forbidden");
  const result = await readSettings(request, staff);
  return data(result, { status: result.error ? 503 : 200, headers: NO_STORE_HEADERS });
}

interface SettingsActionData {
  intent: SettingsLocale;
  message?: string;
  errors?: FieldErrors;
  values: SettingsValues;
  /** Someone changed this language's settings after the form was opened: who, when and what is stored. */
  conflict?: EditConflict | null;
  /** The version the refused save was based on: the form keeps it, so a plain Save is refused again. */
  baseVersion?: string | null;
}

const isLocale = (value: unknown): value is SettingsLocale => value === "en" || value === "ne";

export async function action({ request }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const { staff } = await requireManager(request, "settings.forbidden");
  const at = staff.at;
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isLocale(intent)) {
    return data<SettingsActionData>(
      { intent: "en", message: at("common.somethingWrong"), values: {} },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  const values = settingsValues(intent, Object.fromEntries(SETTINGS_FORM_FIELDS[intent].map((name) => [name, form.get(name) ?? ""])));
  const openedVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD) });
  const baseVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD), [REPLACE_VERSION_FIELD]: form.get(REPLACE_VERSION_FIELD) });
  const refused = (body: Omit<SettingsActionData, "intent" | "values">, status: number) =>
    data<SettingsActionData>({ intent, values, baseVersion: openedVersion, ...body }, { status, headers: NO_STORE_HEADERS });
  const parsed = settingsSchemas[intent].safeParse(values);
  if (!parsed.success) return refused({ errors: fieldErrorsOf(parsed.error, at) }, 400);
  const result = await saveSettings(request, staff, intent, values, baseVersion);
  if (!result.ok) return refused({ message: result.message, errors: result.errors, conflict: result.conflict }, result.status);
  const notice = at(intent === "en" ? "settings.saved" : "settings.savedNepali");
  return redirect("/settings", { headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, notice) } });
}

/** The English form's fields, in groups as people look for them. */
const ENGLISH_GROUPS: { title: AdminMessageKey; fields: SettingName[] }[] = [
  { title: "settings.group.contact", fields: ["address", "phone", "email", "socialUrl", "socialLabel", "mapEmbedUrl", "mapLabel"] },
  { title: "settings.group.figures", fields: ["childrenCount", "capacity"] },
  { title: "settings.group.texts", fields: ["name", "tagline", "aboutText"] },
  { title: "settings.group.registration", fields: ["registrationOffice", "registrationNumber", "panNumber", "partnerName"] },
];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const at = useAt();
  if (loaderData.error !== null) {
    return (
      <>
        <PageHeader title={at("settings.title")} />
        <ErrorAlert>{loaderData.error}</ErrorAlert>
      </>
    );
  }
  const { settings } = loaderData;
  const edited = lastEditLine(settings.lastEdit, at);
  const nepaliGroups = ENGLISH_GROUPS.map((group) => ({
    ...group,
    fields: group.fields.filter((name) => SETTINGS_FORM_FIELDS.ne.includes(name)),
  })).filter((group) => group.fields.length > 0);
  return (
    <>
      <PageHeader title={at("settings.title")} />
      <p className="-mt-2 mb-2 max-w-prose text-muted">{at("settings.intro")}</p>
      {edited ? <p className="mb-6 text-sm text-muted">{edited}</p> : null}
      <div className="grid max-w-2xl gap-8">
        <SettingsForm
          locale="en"
          title={at("settings.englishTitle")}
          groups={ENGLISH_GROUPS}
          stored={settings.en}
          version={settings.versions.en}
          actionData={actionData?.intent === "en" ? actionData : undefined}
        />
        <SettingsForm
          locale="ne"
          title={at("settings.nepaliTitle")}
          intro={at("settings.nepaliIntro")}
          missing={settings.ne ? undefined : at("settings.noNepali")}
          groups={nepaliGroups}
          stored={settings.ne ?? settingsValues("ne", null)}
          version={settings.versions.ne}
          actionData={actionData?.intent === "ne" ? actionData : undefined}
        />
      </div>
    </>
  );
}

function SettingsForm({
  locale,
  title,
  intro,
  missing,
  groups,
  stored,
  version,
  actionData,
}: {
  locale: SettingsLocale;
  title: string;
  intro?: string;
  missing?: string;
  groups: { title: AdminMessageKey; fields: SettingName[] }[];
  stored: SettingsValues;
  /** The version of this language's settings the page was read with. */
  version: string | null;
  actionData: SettingsActionData | undefined;
}) {
  const at = useAt();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === locale;
  const initial = actionData?.values ?? stored;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useSchemaForm<SettingsValues>(settingsSchemas[locale], initial);
  const nepali = locale === "ne";
  return (
    <section aria-labelledby={`settings-${locale}-title`} className={`${CARD} p-6 sm:p-8`}>
      <h2 id={`settings-${locale}-title`} className={`${nepali ? DEVANAGARI : "font-sans"} text-xl font-bold text-ink`}>
        {title}
      </h2>
      {intro ? <p className="mt-1 text-muted">{intro}</p> : null}
      {missing ? <Notice>{missing}</Notice> : null}
      {actionData?.message && !actionData.conflict ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm
        action="/settings"
        intent={locale}
        handleSubmit={handleSubmit}
        className={`mt-6 space-y-8 ${nepali ? DEVANAGARI : ""}`}
      >
        <input type="hidden" name={VERSION_FIELD} value={actionData?.baseVersion ?? version ?? ""} />
        {groups.map((group) => (
          <fieldset key={group.title} className="space-y-5">
            <legend className="mb-3 font-sans text-lg font-semibold text-ink">{at(group.title)}</legend>
            {group.fields.map((name) => {
              const rule = settingRule(name);
              const field = SETTING_FIELDS[name];
              const hint = field.hint?.[at.locale];
              return (
                <FormField
                  key={name}
                  id={`setting-${locale}-${name}`}
                  label={field.label[at.locale]}
                  hint={hint}
                  type={rule.kind === "email" ? "email" : rule.kind === "phone" ? "tel" : rule.kind === "https" ? "url" : "text"}
                  inputMode={rule.kind === "count" ? "numeric" : undefined}
                  autoComplete={field.autoComplete ?? "off"}
                  rows={"long" in rule && rule.long ? 5 : undefined}
                  maxLength={rule.kind === "count" ? undefined : rule.max}
                  lang={nepali ? "ne" : undefined}
                  error={errors[name]?.message ?? actionData?.errors?.[name]?.[0]}
                  registration={register(name)}
                  defaultValue={initial[name] ?? ""}
                />
              );
            })}
          </fieldset>
        ))}
        {actionData?.conflict ? (
          <EditConflictNotice
            conflict={actionData.conflict}
            fields={SETTINGS_FORM_FIELDS[locale].map((name) => ({ name, label: SETTING_FIELDS[name].label[at.locale] }))}
            yours={(name) => String(watch(name) ?? "")}
            disabled={busy}
          />
        ) : null}
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at(nepali ? "settings.saveNepali" : "settings.save")}
        </button>
      </ValidatedForm>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
