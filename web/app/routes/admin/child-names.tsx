import { parseChildNames } from "@contract/child-names";
import { data, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/child-names";
import { ButtonSpinner, ErrorAlert } from "~/components/admin/Feedback";
import { FormField } from "~/components/admin/FormField";
import { AdminRouteError, adminMeta, PageHeader } from "~/components/admin/Page";
import { CARD } from "~/components/admin/styles";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { ValidatedForm } from "~/components/admin/ValidatedForm";
import { CHILD_NAMES_FIELD, childNamesSchema, childNamesText, type ChildNamesValues } from "~/lib/admin/child-names";
import { readChildNames, saveChildNames } from "~/lib/admin/child-names.server";
import { useAt } from "~/lib/admin/messages";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/admin/schemas";
import { flashNotice } from "~/lib/admin/session.server";
import { requireManager } from "~/lib/admin/staff-accounts.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { CHILD_NAMES_ROUTE } from "~/lib/request-body";

// The children's full names, kept by Managers: the content forms warn about them before a save.

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("childNames.metaTitle"));

// What the action reads: the whole list in one urlencoded form.
export const handle = CHILD_NAMES_ROUTE;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireManager(request, "childNames.forbidden");
  const result = await readChildNames(request, staff);
  return data(result, { status: result.error ? 503 : 200, headers: NO_STORE_HEADERS });
}

interface ChildNamesActionData {
  message?: string;
  errors?: FieldErrors;
  values: ChildNamesValues;
}

export async function action({ request }: Route.ActionArgs) {
  await requireSameOrigin(request);
  const { staff } = await requireManager(request, "childNames.forbidden");
  const at = staff.at;
  const form = await request.formData();
  const values = { [CHILD_NAMES_FIELD]: String(form.get(CHILD_NAMES_FIELD) ?? "") };
  const refused = (body: Omit<ChildNamesActionData, "values">, status: number) =>
    data<ChildNamesActionData>({ values, ...body }, { status, headers: NO_STORE_HEADERS });
  const parsed = childNamesSchema.safeParse(values);
  if (!parsed.success) return refused({ errors: fieldErrorsOf(parsed.error, at) }, 400);
  const result = await saveChildNames(request, staff, parseChildNames(values[CHILD_NAMES_FIELD]));
  if (!result.ok) return refused({ message: result.message, errors: result.errors }, result.status);
  return redirect("/child-names", {
    headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, at("childNames.saved")) },
  });
}

export default function ChildNamesPage({ loaderData, actionData }: Route.ComponentProps) {
  const at = useAt();
  const location = useLocation();
  return (
    <>
      <PageHeader title={at("childNames.title")} />
      <p className="-mt-2 mb-6 max-w-prose text-muted">{at("childNames.intro")}</p>
      {loaderData.error !== null ? (
        <ErrorAlert>{loaderData.error}</ErrorAlert>
      ) : (
        // A fresh form after every navigation: a save shows the list as stored (tidied, repeats left out).
        <ChildNamesForm key={location.key} stored={loaderData.names} actionData={actionData} />
      )}
    </>
  );
}

function ChildNamesForm({ stored, actionData }: { stored: string[]; actionData: ChildNamesActionData | undefined }) {
  const at = useAt();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/child-names";
  const initial = actionData?.values ?? { [CHILD_NAMES_FIELD]: childNamesText(stored) };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<ChildNamesValues>(childNamesSchema, initial);
  const fieldError = errors[CHILD_NAMES_FIELD]?.message ?? actionData?.errors?.[CHILD_NAMES_FIELD]?.[0];
  return (
    <section aria-labelledby="child-names-form-title" className={`${CARD} max-w-2xl p-6 sm:p-8`}>
      <h2 id="child-names-form-title" className="sr-only">
        {at("childNames.title")}
      </h2>
      <p className="text-sm text-muted">{at("childNames.count", { count: stored.length })}</p>
      {actionData?.message ? <ErrorAlert className="mt-4">{actionData.message}</ErrorAlert> : null}
      <ValidatedForm action="/child-names" intent="save" handleSubmit={handleSubmit} className="mt-6 space-y-6">
        <FormField
          id="child-names"
          label={at("childNames.label")}
          hint={at("childNames.hint")}
          rows={12}
          autoComplete="off"
          error={fieldError}
          registration={register(CHILD_NAMES_FIELD)}
          defaultValue={initial[CHILD_NAMES_FIELD]}
        />
        <button type="submit" disabled={busy} className="btn btn-primary disabled:cursor-wait disabled:opacity-80">
          {busy ? <ButtonSpinner /> : null}
          {busy ? at("common.saving") : at("childNames.save")}
        </button>
      </ValidatedForm>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
