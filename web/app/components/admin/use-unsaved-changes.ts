import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { useAt } from "~/lib/admin/messages";

/**
 * Asks before a form with unsaved changes is left: a link, the browser's back button or the
 * other language tab (React Router's blocker, then the browser's own confirm box), and a reload
 * or closed tab (beforeunload). Nothing a member of staff typed is lost without a question.
 *
 * Returns `allowLeave`, for the navigations the form makes itself (its own submit, the page it
 * goes to after a save); `stayGuarded` undoes it when a submit comes back with errors.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const at = useAt();
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(at("common.unsavedChanges"))) blocker.proceed();
    else blocker.reset();
  }, [blocker, at]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);
  const stayGuarded = useCallback(() => {
    leaving.current = false;
  }, []);
  return { allowLeave, stayGuarded };
}
