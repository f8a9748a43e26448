import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { useEffect, useRef } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { ACTION_DANGER, ACTION_LINK, ConfirmDialog, useConfirmParam, WIDE_ROW_ACTION_LABEL } from "~/components/admin/ConfirmDelete";
import { DataTable } from "~/components/admin/DataTable";
import { ButtonSpinner, ErrorAlert, Notice } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { IconKey, IconLock, IconShield, IconTrash } from "~/components/ui/icons";
import { AdminRouteError, adminMeta, EmailText, formatDate, PageHeader } from "~/components/admin/Page";
import { CARD, FIELD_ERROR, INPUT, LABEL } from "~/components/admin/styles";
import { isStaffRole, STAFF_ROLES } from "@contract/account-rules";
import { newAccountSchema, type NewAccountInput } from "~/lib/admin/account-schemas";
import { parseId } from "~/lib/admin/kinds";
import { useAt, type AdminMessageKey } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice } from "~/lib/admin/session.server";
import { accountName, type StaffAccount } from "~/lib/admin/staff-accounts";
import {
  changeAccount,
  createAccount,
  generatePassword,
  listAccounts,
  removeAccount,
  requireManager,
  resetAccountPassword,
} from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("staff.metaTitle"));

export async function loader({ request }: Route.LoaderArgs) {
  const { staff, user } = await requireManager(request);
  const result = await listAccounts(request, staff);
  return data({ ...result, myId: user.id }, { status: result.error ? 503 : 200, headers: NO_STORE_HEADERS });
}

/** What the confirmations post: a change of one account. */
const CHANGES = ["make-manager", "make-staff", "block", "unblock", "reset-password", "remove"] as const;
type Change = (typeof CHANGES)[number];
const isChange = (value: unknown): value is Change => CHANGES.includes(value as Change);

interface StaffActionData {
  /** A refused change of a row (last manager, oneself...). */
  changeError?: string;
  /** The add form's refusal, its field errors and what was typed (never the password). */
  message?: string;
  errors?: FieldErrors;
  values?: Omit<NewAccountInput, "password">;
  /** A generated first password, shown this once: of a new account, or after a reset. */
  firstPassword?: { name: string; password: string; reset?: boolean };
}

export async function action({ request }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const { staff } = await requireManager(request);
  const { at } = staff;
  const form = await request.formData();
  const intent = form.get("intent");
  const done = async (notice: string) =>
    redirect("/staff", { headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, notice) } });

  if (intent === "create") {
    const values = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      role: String(form.get("role") ?? ""),
      passwordChoice: form.get("passwordChoice") === "set" ? "set" : "generate",
      password: String(form.get("password") ?? ""),
    } as NewAccountInput;
    const { password: _typed, ...shown } = values;
    const parsed = newAccountSchema.safeParse(values);
    if (!parsed.success) {
      return data<StaffActionData>(
        { message: at("common.fixErrors"), errors: fieldErrorsOf(parsed.error, at), values: shown },
        { status: 400, headers: NO_STORE_HEADERS },
      );
    }
    const { name, role, passwordChoice } = parsed.data;
    const email = parsed.data.email.trim();
    const password = passwordChoice === "generate" ? generatePassword(email) : parsed.data.password;
    const result = await createAccount(request, staff, { name: name.trim(), email, role, password });
    if (!result.ok) {
      return data<StaffActionData>(
        { message: result.message, errors: result.errors, values: shown },
        { status: result.status, headers: NO_STORE_HEADERS },
      );
    }
    if (passwordChoice === "set") return done(at("staff.created", { name: accountName(result.value) }));
    // Answered, not redirected: the generated password is in this one answer and nowhere else.
    return data<StaffActionData>({ firstPassword: { name: accountName(result.value), password } }, { headers: NO_STORE_HEADERS });
  }

  const id = parseId(String(form.get("id") ?? ""));
  if (!isChange(intent) || !id) {
    return data<StaffActionData>({ changeError: at("common.somethingWrong") }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const name = String(form.get("name") ?? "");
  if (intent === "reset-password") {
    const password = generatePassword(String(form.get("email") ?? ""));
    const result = await resetAccountPassword(request, staff, id, password);
    if (!result.ok) return data<StaffActionData>({ changeError: result.message }, { status: result.status, headers: NO_STORE_HEADERS });
    // Answered, not redirected: the new password is in this one answer and nowhere else.
    return data<StaffActionData>(
      { firstPassword: { name: accountName(result.value), password, reset: true } },
      { headers: NO_STORE_HEADERS },
    );
  }
  if (intent === "remove") {
    const result = await removeAccount(request, staff, id);
    if (!result.ok) return data<StaffActionData>({ changeError: result.message }, { status: result.status, headers: NO_STORE_HEADERS });
    return done(at(CONFIRM.remove.done, { name }));
  }
  const change =
    intent === "make-manager"
      ? { role: "manager" as const }
      : intent === "make-staff"
        ? { role: "staff" as const }
        : { blocked: intent === "block" };
  const result = await changeAccount(request, staff, id, change);
  if (!result.ok) return data<StaffActionData>({ changeError: result.message }, { status: result.status, headers: NO_STORE_HEADERS });
  return done(at(CONFIRM[intent].done, { name: accountName(result.value) }));
}

/** Each change's question, button, icon and look in the confirmation dialog, and what is said once it is done. */
const CONFIRM: Record<
  Change,
  { question: AdminMessageKey; button: AdminMessageKey; done: AdminMessageKey; danger: boolean; icon: React.ReactNode }
> = {
  "make-manager": {
    question: "staff.confirmManager",
    button: "staff.confirmRole",
    done: "staff.madeManager",
    danger: false,
    icon: <IconShield size={18} />,
  },
  "make-staff": {
    question: "staff.confirmStaff",
    button: "staff.confirmRole",
    done: "staff.madeStaff",
    danger: false,
    icon: <IconShield size={18} />,
  },
  block: {
    question: "staff.confirmBlock",
    button: "staff.confirmBlockButton",
    done: "staff.blockedDone",
    danger: true,
    icon: <IconLock size={18} />,
  },
  unblock: {
    question: "staff.confirmUnblock",
    button: "staff.confirmUnblockButton",
    done: "staff.unblockedDone",
    danger: false,
    icon: <IconLock size={18} />,
  },
  "reset-password": {
    question: "staff.confirmResetPassword",
    button: "staff.confirmResetPasswordButton",
    done: "staff.passwordReset",
    danger: true,
    icon: <IconKey size={18} />,
  },
  remove: {
    question: "staff.confirmRemove",
    button: "staff.confirmRemoveButton",
    done: "staff.removed",
    danger: true,
    icon: <IconTrash size={18} />,
  },
};

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const at = useAt();
  const { accounts, error, myId } = loaderData;
  // `?confirm=block:12` without JavaScript; opened in place with it.
  const confirm = useConfirmParam("confirm");
  const [pendingChange, pendingId] = (confirm.value ?? "").split(":");
  const target = accounts?.find((account) => String(account.id) === pendingId && account.id !== myId);
  const change = isChange(pendingChange) && target ? pendingChange : null;

  return (
    <>
      <PageHeader title={at("staff.title")} />
      <p className="-mt-2 mb-6 max-w-prose text-muted">{at("staff.intro")}</p>
      {actionData?.firstPassword ? <FirstPassword {...actionData.firstPassword} /> : null}
      {actionData?.changeError ? <ErrorAlert className="mb-6">{actionData.changeError}</ErrorAlert> : null}
      {error !== null || accounts === null ? (
        <ErrorAlert>{error}</ErrorAlert>
      ) : (
        <DataTable<StaffAccount>
          caption={at("staff.title")}
          columns={[
            {
              header: at("staff.col.name"),
              cell: (account) => (
                <span className="font-semibold">
                  {account.name ?? <span className="font-normal text-muted">{at("staff.noName")}</span>}
                  {account.id === myId ? <span className="font-normal text-muted"> {at("staff.you")}</span> : null}
                </span>
              ),
            },
            { header: at("staff.col.email"), cell: (account) => <EmailText address={account.email} /> },
            { header: at("staff.col.role"), cell: (account) => at(`staff.role.${account.role}`) },
            {
              header: at("staff.col.lastSignIn"),
              cell: (account) => <span className="text-sm">{formatDate(account.lastSignInAt, at.locale) ?? at("staff.never")}</span>,
            },
            {
              header: at("staff.col.state"),
              cell: (account) =>
                account.blocked ? (
                  <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-800">{at("staff.blocked")}</span>
                ) : (
                  <span className="rounded-full bg-sage-light px-2.5 py-0.5 text-sm font-semibold text-sage">{at("staff.active")}</span>
                ),
            },
          ]}
          items={accounts}
          actions={(account) => (account.id === myId ? null : <AccountActions account={account} onOpen={confirm.open} />)}
        />
      )}
      {change && target ? (
        <ConfirmDialog
          open
          message={at(CONFIRM[change].question, { name: accountName(target) })}
          confirmLabel={at(CONFIRM[change].button)}
          busyLabel={at("staff.working")}
          intent={change}
          fields={{ id: String(target.id), name: accountName(target), email: target.email }}
          action="/staff"
          cancelHref={confirm.cancelHref}
          onCancel={confirm.close}
          danger={CONFIRM[change].danger}
          icon={CONFIRM[change].icon}
        />
      ) : null}
      <NewAccountForm actionData={actionData} />
    </>
  );
}

/** A row's changes: role, block or unblock, remove; each asks first. Not on one's own row. */
function AccountActions({ account, onOpen }: { account: StaffAccount; onOpen: (value: string) => void }) {
  const at = useAt();
  const name = accountName(account);
  const link = (change: Change, label: string, icon: React.ReactNode, className: string) => (
    <Link
      to={`?confirm=${change}:${account.id}`}
      preventScrollReset
      replace
      onClick={(event) => {
        event.preventDefault();
        onOpen(`${change}:${account.id}`);
      }}
      className={className}
      title={label}
    >
      {icon}
      <span className={WIDE_ROW_ACTION_LABEL}>{label}</span>
      <span className="sr-only"> {name}</span>
    </Link>
  );
  return (
    <>
      {account.role === "manager"
        ? link("make-staff", at("staff.makeStaff"), <IconShield size={16} />, ACTION_LINK)
        : link("make-manager", at("staff.makeManager"), <IconShield size={16} />, ACTION_LINK)}
      {account.blocked
        ? link("unblock", at("staff.unblock"), <IconLock size={16} />, ACTION_LINK)
        : link("block", at("staff.block"), <IconLock size={16} />, ACTION_DANGER)}
      {link("reset-password", at("staff.resetPassword"), <IconKey size={16} />, ACTION_LINK)}
      {link("remove", at("staff.remove"), <IconTrash size={16} />, ACTION_DANGER)}
    </>
  );
}

/** The generated first password (of a new account or after a reset), shown once: the manager passes it on in person. */
function FirstPassword({ name, password, reset }: { name: string; password: string; reset?: boolean }) {
  const at = useAt();
  return (
    <div className="mb-6">
      <Notice>
        <p>{at(reset ? "staff.passwordReset" : "staff.created", { name })}</p>
        <p className="mt-2">{at(reset ? "staff.newPassword" : "staff.firstPassword", { name })}</p>
        <p className="mt-1">
          <code data-testid="first-password" className="rounded bg-white px-2 py-1 font-mono text-lg text-ink select-all">
            {password}
          </code>
        </p>
        <p className="mt-2 font-normal text-ink">{at("staff.firstPasswordOnce")}</p>
      </Notice>
    </div>
  );
}

const EMPTY_ACCOUNT: NewAccountInput = { name: "", email: "", role: "staff", passwordChoice: "generate", password: "" };

function NewAccountForm({ actionData }: { actionData: StaffActionData | undefined }) {
  const at = useAt();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const typed = actionData?.values;
  // The server's HTML shows the texts and the role too, so the page reads the same before scripts
  // run. (Not the radio buttons: react-hook-form would take a defaultChecked one for the value.)
  const initial: NewAccountInput = {
    name: typed?.name ?? "",
    email: typed?.email ?? "",
    role: typed && isStaffRole(typed.role) ? typed.role : "staff",
    passwordChoice: typed?.passwordChoice ?? "generate",
    password: "",
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm<NewAccountInput>(newAccountSchema, initial);
  // Once an account is added the form is empty again, so a second click cannot add the same
  // person twice. A refused add (its message) keeps what was typed.
  const sentAdd = useRef(false);
  useEffect(() => {
    if (busy) sentAdd.current = true;
    else if (navigation.state === "idle" && sentAdd.current) {
      sentAdd.current = false;
      if (!actionData?.message) reset(EMPTY_ACCOUNT);
    }
  }, [busy, navigation.state, actionData, reset]);
  const fieldError = (name: keyof NewAccountInput) => errors[name]?.message ?? actionData?.errors?.[name]?.[0];

  return (
    <section aria-labelledby="new-account" className={`${CARD} mt-10 p-6 sm:p-8`}>
      <h2 id="new-account" className="font-sans text-xl font-bold text-ink">
        {at("staff.add")}
      </h2>
      <p className="mt-1 max-w-prose text-muted">{at("staff.addIntro")}</p>
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm action="/staff" intent="create" handleSubmit={handleSubmit} className="mt-6 grid max-w-xl gap-5">
        <FormField
          id="account-name"
          label={at("staff.field.name")}
          autoComplete="off"
          error={fieldError("name")}
          registration={register("name")}
          defaultValue={initial.name}
        />
        <FormField
          id="account-email"
          label={at("staff.field.email")}
          type="email"
          autoComplete="off"
          error={fieldError("email")}
          registration={register("email")}
          defaultValue={initial.email}
        />
        <div>
          <label htmlFor="account-role" className={LABEL}>
            {at("staff.field.role")}
          </label>
          <select id="account-role" className={`${INPUT} mt-1.5`} defaultValue={initial.role} {...register("role")}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {at(`staff.role.${role}`)}
              </option>
            ))}
          </select>
          {fieldError("role") ? <p className={FIELD_ERROR}>{fieldError("role")}</p> : null}
        </div>
        <fieldset>
          <legend className={LABEL}>{at("staff.field.passwordChoice")}</legend>
          <div className="mt-2 space-y-2">
            <label className="flex items-center gap-2">
              <input type="radio" value="generate" className="size-5 accent-clay" {...register("passwordChoice")} />
              {at("staff.field.generate")}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="set" className="size-5 accent-clay" {...register("passwordChoice")} />
              {at("staff.field.set")}
            </label>
          </div>
        </fieldset>
        <FormField
          id="account-password"
          label={at("staff.field.password")}
          type="password"
          autoComplete="new-password"
          hint={at("staff.passwordHint")}
          error={fieldError("password")}
          registration={register("password")}
        />
        <div>
          <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
            {busy ? <ButtonSpinner /> : null}
            {busy ? at("staff.creating") : at("staff.create")}
          </button>
        </div>
      </ValidatedForm>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
