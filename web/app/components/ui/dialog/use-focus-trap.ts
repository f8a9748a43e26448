import { useEffect, useEffectEvent, type RefObject } from "react";
import { trapFocus, type FocusTrapOptions } from "./focus-trap";

/** trapFocus on the container while `active` (see focus-trap.ts). */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  { visibleOnly }: Pick<FocusTrapOptions, "visibleOnly"> = {},
) {
  const escape = useEffectEvent(() => onEscape());
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    return trapFocus(container, { onEscape: () => escape(), visibleOnly });
  }, [active, ref, visibleOnly]);
}
