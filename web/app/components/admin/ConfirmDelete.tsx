import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { useAt } from "~/lib/admin/messages";
import { ButtonSpinner } from "./Feedback";
import { IconTrash } from "~/components/ui/icons";
import { useFocusTrap } from "~/components/ui/dialog/use-focus-trap";

/**
 * A confirmation waiting on the page. With JavaScript the button opens the dialog in place;
 * without it the button is a link to `?{param}={value}`, which renders the same dialog on the
 * server (its Cancel is then a plain link back).
 */
export function useConfirmParam(param: string) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const fromUrl = searchParams.get(param) || null;

  // Any navigation (the action's redirect included) closes a dialog opened in place.
  useEffect(() => setPending(null), [location.key]);

  // The page without the confirmation, its other parameters (a list's page and search) kept.
  const cancelHref = `${location.pathname}${searchWith(searchParams, param, null)}`;
  const close = useCallback(() => {
    if (pending !== null) setPending(null);
    else if (fromUrl !== null) navigate(cancelHref, { replace: true, preventScrollReset: true });
  }, [pending, fromUrl, navigate, cancelHref]);

  return { value: pending ?? fromUrl, open: setPending, close, cancelHref };
}

/** `params` as a query string with `name` set to `value` (or left out for null). */
function searchWith(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** Which item is waiting for a delete confirmation (`?delete={id}` without JavaScript). */
export function useDeleteConfirm() {
  const { value, open, close, cancelHref } = useConfirmParam("delete");
  const openFor = useCallback((id: number) => open(String(id)), [open]);
  return { id: Number(value) || null, open: openFor, close, cancelHref };
}

/** The Delete control of a row or a detail page. */
export function DeleteButton({
  id,
  label,
  onOpen,
  compact = false,
}: {
  id: number;
  /** What is deleted, for screen readers ("Delete Asha Gurung"). */
  label: string;
  onOpen: (id: number) => void;
  compact?: boolean;
}) {
  const at = useAt();
  const [searchParams] = useSearchParams();
  return (
    <Link
      to={searchWith(searchParams, "delete", String(id))}
      preventScrollReset
      replace
      onClick={(event) => {
        event.preventDefault();
        onOpen(id);
      }}
      className={compact ? ACTION_DANGER : "btn border border-red-300 bg-white text-red-700 hover:bg-red-50"}
      title={compact ? at("common.delete") : undefined}
    >
      <IconTrash size={compact ? 16 : 18} />
      <span className={compact ? ROW_ACTION_LABEL : undefined}>{at("common.delete")}</span>
      <span className="sr-only"> {label}</span>
    </Link>
  );
}

/** A row action's word: shown on cards and in wide tables. A table narrower than 62rem (its own
 * box, which a desktop scroll bar or a long word in a column makes narrower than the window
 * suggests) shows the icon only; the word stays for screen readers, and as the tooltip. */
export const ROW_ACTION_LABEL = "min-[1024px]:@max-[62rem]:sr-only";
/** The same for a row of four actions (staff accounts): words only from 72rem. */
export const WIDE_ROW_ACTION_LABEL = "min-[1024px]:@max-[72rem]:sr-only";
export const ACTION_LINK =
  "inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-sand-200 bg-white px-2.5 py-1 text-sm font-semibold text-ink hover:bg-sand";
export const ACTION_DANGER =
  "inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-red-200 bg-white px-2.5 py-1 text-sm font-semibold text-red-700 hover:bg-red-50";

/**
 * An accessible confirmation dialog (role="alertdialog"): focus starts on Cancel and is
 * trapped inside, Escape or the backdrop cancels, focus returns to the button that opened it.
 * Confirming posts `intent` and `fields` to `action`.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  intent,
  fields = {},
  action,
  cancelHref,
  onCancel,
  danger = true,
  icon = danger ? <IconTrash size={18} /> : null,
}: {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel: string;
  busyLabel: string;
  intent: string;
  fields?: Record<string, string>;
  /** The route whose action does it. */
  action: string;
  cancelHref: string;
  onCancel: () => void;
  /** A destructive step (red); otherwise the main button's look. */
  danger?: boolean;
  /** The confirm button's icon: what the step does (the bin by default for a destructive one). */
  icon?: React.ReactNode;
}) {
  const at = useAt();
  title ??= at("common.confirmTitle");
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  useFocusTrap(panel, open, onCancel);
  if (!open) return null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center sm:p-6">
      <div aria-hidden="true" className="absolute inset-0 bg-night/60" onClick={onCancel} />
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl outline-none"
      >
        <h2 id={titleId} className="font-sans text-xl font-bold text-ink">
          {title}
        </h2>
        <p id={textId} className="mt-3 text-ink">
          {message}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link
            to={cancelHref}
            replace
            preventScrollReset
            data-autofocus
            onClick={(event) => {
              event.preventDefault();
              onCancel();
            }}
            className="btn btn-ghost"
          >
            {at("common.cancel")}
          </Link>
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value={intent} />
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button
              type="submit"
              disabled={busy}
              className={`btn w-full disabled:opacity-70 sm:w-auto ${danger ? "bg-red-700 text-white hover:bg-red-800" : "btn-primary"}`}
            >
              {busy ? <ButtonSpinner /> : icon}
              {busy ? busyLabel : confirmLabel}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}

/** The delete confirmation of a list or detail page: posts {intent: delete, id}. */
export function ConfirmDeleteDialog({
  id,
  message,
  action,
  cancelHref,
  onCancel,
}: {
  id: number | null;
  message: string;
  /** The route whose action deletes (the kind's list path). */
  action: string;
  cancelHref: string;
  onCancel: () => void;
}) {
  const at = useAt();
  return (
    <ConfirmDialog
      open={id !== null}
      message={message}
      confirmLabel={at("common.confirmDelete")}
      busyLabel={at("common.deleting")}
      intent="delete"
      fields={{ id: String(id) }}
      action={action}
      cancelHref={cancelHref}
      onCancel={onCancel}
    />
  );
}
