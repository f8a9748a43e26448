import { useMemo } from "react";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { ButtonSpinner, ErrorAlert } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { AdminRouteError, adminMeta, PageHeader } from "~/components/admin/Page";
import { CARD } from "~/components/admin/styles";
import { displayNameSchema, passwordChangeSchema, type DisplayNameInput, type PasswordChangeInput } from "~/lib/admin/account-schemas";
import { at } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice } from "~/lib/admin/session.server";
import { changeMyPassword, renameMe, requireCurrentUser } from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

export const meta = () => adminMeta(at("account.metaTitle"));

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCurrentUser(request);
  return data({ user }, { headers: NO_STORE_HEADERS });
}

interface AccountActionData {
  intent: "name" | "password";
  message?: string;
  errors?: FieldErrors;
  /** The name as typed (passwords are never sent back). */
  name?: string;
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  const { staff, user } = await requireCurrentUser(request);
  const form = await request.formData();
  const done = async (notice: string) =>
    redirect("/account", { headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, notice) } });
  const refused = (body: AccountActionData, status: number) => data<AccountActionData>(body, { status, headers: NO_STORE_HEADERS });

  if (form.get("intent") === "name") {
    const name = String(form.get("name") ?? "");
    const parsed = displayNameSchema.safeParse({ name });
    if (!parsed.success) return refused({ intent: "name", errors: fieldErrorsOf(parsed.error), name }, 400);
    const result = await renameMe(request, staff, parsed.data.name.trim());
    if (!result.ok) return refused({ intent: "name", message: result.message, errors: result.errors, name }, result.status);
    return done(at("account.nameSaved"));
  }

  if (form.get("intent") === "password") {
    const values = {
      currentPassword: String(form.get("currentPassword") ?? ""),
      password: String(form.get("password") ?? ""),
      repeatPassword: String(form.get("repeatPassword") ?? ""),
    };
    const parsed = passwordChangeSchema(user.email).safeParse(values);
    if (!parsed.success) return refused({ intent: "password", errors: fieldErrorsOf(parsed.error) }, 400);
    // This session stays: the CMS ends every other one of this person's at once.
    const result = await changeMyPassword(request, staff, parsed.data.currentPassword, parsed.data.password);
    if (!result.ok) return refused({ intent: "password", message: result.message, errors: result.errors }, result.status);
    return done(at("account.passwordChanged"));
  }

  return refused({ intent: "name", message: at("common.somethingWrong") }, 400);
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <>
      <PageHeader title={at("account.title")} />
      <p className="-mt-2 mb-6 max-w-prose text-muted">
        {at("account.signedInAs", { email: user.email, role: user.role ? at(`staff.role.${user.role}`) : "" })}
      </p>
      <div className="grid max-w-xl gap-8">
        <NameForm current={user.displayName ?? ""} actionData={actionData?.intent === "name" ? actionData : undefined} />
        <PasswordForm email={user.email} actionData={actionData?.intent === "password" ? actionData : undefined} />
      </div>
    </>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function NameForm({ current, actionData }: { current: string; actionData: AccountActionData | undefined }) {
  const busy = useBusy("name");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<DisplayNameInput>(displayNameSchema, { name: actionData?.name ?? current });
  return (
    <section aria-labelledby="account-name-title" className={`${CARD} p-6 sm:p-8`}>
      <h2 id="account-name-title" className="font-sans text-xl font-bold text-ink">
        {at("account.nameTitle")}
      </h2>
      <p className="mt-1 text-muted">{at("account.nameIntro")}</p>
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm action="/account" intent="name" handleSubmit={handleSubmit} className="mt-6 space-y-5">
        <FormField
          id="my-name"
          label={at("account.field.name")}
          autoComplete="name"
          error={errors.name?.message ?? actionData?.errors?.name?.[0]}
          registration={register("name")}
          defaultValue={actionData?.name ?? current}
        />
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at("account.saveName")}
        </button>
      </ValidatedForm>
    </section>
  );
}

function PasswordForm({ email, actionData }: { email: string; actionData: AccountActionData | undefined }) {
  const busy = useBusy("password");
  const schema = useMemo(() => passwordChangeSchema(email), [email]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<PasswordChangeInput>(schema, { currentPassword: "", password: "", repeatPassword: "" });
  const fieldError = (name: keyof PasswordChangeInput) => errors[name]?.message ?? actionData?.errors?.[name]?.[0];
  return (
    <section aria-labelledby="account-password-title" className={`${CARD} p-6 sm:p-8`}>
      <h2 id="account-password-title" className="font-sans text-xl font-bold text-ink">
        {at("account.passwordTitle")}
      </h2>
      <p className="mt-1 text-muted">{at("account.passwordIntro")}</p>
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm action="/account" intent="password" handleSubmit={handleSubmit} className="mt-6 space-y-5">
        {/* The account's e-mail, for password managers. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <FormField
          id="current-password"
          label={at("account.field.currentPassword")}
          type="password"
          autoComplete="current-password"
          error={fieldError("currentPassword")}
          registration={register("currentPassword")}
        />
        <FormField
          id="new-password"
          label={at("account.field.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={at("staff.passwordHint")}
          error={fieldError("password")}
          registration={register("password")}
        />
        <FormField
          id="repeat-password"
          label={at("account.field.repeatPassword")}
          type="password"
          autoComplete="new-password"
          error={fieldError("repeatPassword")}
          registration={register("repeatPassword")}
        />
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at("account.changePassword")}
        </button>
      </ValidatedForm>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
