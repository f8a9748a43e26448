import { KINDS, type KindKey } from "./kinds";
import { requireStaff, type Staff } from "./session.server";
import { requireManager } from "./staff-accounts.server";

/**
 * The signed-in person who may edit this kind: any member of staff, or a Manager for the kinds
 * only Managers edit (the ways to give). Others get the kind's 403 page; the CMS refuses them too.
 */
export async function requireEditorOf(request: Request, kind: KindKey): Promise<Staff> {
  const refusal = KINDS[kind].managersOnly;
  if (!refusal) return requireStaff(request);
  return (await requireManager(request, refusal)).staff;
}
