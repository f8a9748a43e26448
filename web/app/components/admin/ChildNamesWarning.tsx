import { useDeferredValue, useMemo } from "react";
import { useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { IconAlert } from "~/components/ui/icons";
import { childNamesFinder } from "~/lib/admin/child-names";
import { useAt } from "~/lib/admin/messages";

/**
 * Beside a content form's Save buttons: the children's full names (the home's list) written in
 * the form's text fields as they are now, already on the server-rendered page. A warning, never
 * a block. The live region is always on the page so screen readers hear the warning when it comes.
 */
export function ChildNamesWarning<T extends FieldValues>({
  control,
  fields,
  names,
}: {
  control: Control<T>;
  /** The form's text fields (a post's text holds its photos' descriptions too). */
  fields: readonly string[];
  /** The home's list, as the loader read it (empty when it could not). */
  names: readonly string[];
}) {
  const at = useAt();
  const values = useWatch({ control, name: fields as Path<T>[] }) as unknown[];
  // Typing stays quick in a long post: the search follows the text when there is time.
  const texts = useDeferredValue(values);
  const find = useMemo(() => childNamesFinder(names), [names]);
  const found = useMemo(() => find(texts.map((value) => (typeof value === "string" ? value : ""))), [find, texts]);
  return (
    <div role="status" aria-live="polite">
      {found.length > 0 ? (
        <div
          data-testid="child-names-warning"
          className="flex items-start gap-3 rounded-xl border-2 border-saffron bg-saffron-light px-4 py-3 text-ink"
        >
          <IconAlert className="mt-0.5 shrink-0 text-saffron-deep" />
          <div className="min-w-0">
            <p className="font-semibold">
              {at(found.length === 1 ? "childNames.warningOne" : "childNames.warningMany", { names: at.list(found) })}
            </p>
            <p className="mt-1 text-sm">{at("childNames.warningHint")}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
