import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { at } from "~/lib/admin/messages";
import { ButtonSpinner } from "./Feedback";
import { IconTrash } from "./icons";
import { useFocusTrap } from "~/components/ui/dialog/use-focus-trap";

/**
 * Which item is waiting for a delete confirmation. With JavaScript the Delete buttons
 * open the dialog in place; without it they are links to `?delete={id}`, which renders
 * the same dialog on the server (its Cancel is then a plain link back).
 */
export function useDeleteConfirm() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const fromUrl = Number(searchParams.get("delete")) || null;

  // Any navigation (the delete's redirect included) closes a dialog opened in place.
  useEffect(() => setPendingId(null), [location.key]);

  const close = useCallback(() => {
    if (pendingId !== null) setPendingId(null);
    else if (fromUrl !== null) navigate(location.pathname, { replace: true, preventScrollReset: true });
  }, [pendingId, fromUrl, navigate, location.pathname]);

  return { id: pendingId ?? fromUrl, open: setPendingId, close, cancelHref: location.pathname };
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
  return (
    <Link
      to={`?delete=${id}`}
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

/** A row action's word: shown on cards and wide tables; between 1024 and 1279 px the table
 * row shows the icon only (the word stays for screen readers, and as the tooltip). */
export const ROW_ACTION_LABEL = "min-[1024px]:max-[1279px]:sr-only";
export const ACTION_LINK =
  "inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-sand-200 bg-white px-2.5 py-1 text-sm font-semibold text-ink hover:bg-sand";
export const ACTION_DANGER =
  "inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-red-200 bg-white px-2.5 py-1 text-sm font-semibold text-red-700 hover:bg-red-50";

/**
 * An accessible confirmation dialog (role="alertdialog"): focus starts on Cancel and is
 * trapped inside, Escape or the backdrop cancels, focus returns to the Delete button.
 * Confirming posts {intent: delete, id} to the list route's action.
 */
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
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const open = id !== null;
  useFocusTrap(panel, open, onCancel);
  if (!open) return null;
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";

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
          {at("common.confirmTitle")}
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
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            <button
              type="submit"
              disabled={deleting}
              className="btn w-full bg-red-700 text-white hover:bg-red-800 disabled:opacity-70 sm:w-auto"
            >
              {deleting ? <ButtonSpinner /> : <IconTrash size={18} />}
              {deleting ? at("common.deleting") : at("common.confirmDelete")}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
