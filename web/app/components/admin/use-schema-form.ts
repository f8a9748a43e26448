import { useCallback, useMemo, useRef } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type Resolver,
  type UseFormRegister,
} from "react-hook-form";
import type { z } from "zod";
import { useAt, type AdminT } from "~/lib/admin/messages";
import { typedBeforeHydration } from "./typed-before-hydration";

/**
 * The schema's zodResolver, with the contract's messages in the admin's language (the same
 * catalogue texts the action answers with: fieldErrorsOf).
 */
export function useLocalizedResolver<T extends FieldValues>(schema: z.ZodType, at: AdminT): Resolver<T> {
  return useMemo(() => {
    const resolve = zodResolver(schema as never) as unknown as Resolver<T>;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      const errors = Object.fromEntries(
        Object.entries(result.errors).map(([name, error]) => [
          name,
          error && typeof error.message === "string" ? { ...error, message: at.contract(error.message) } : error,
        ]),
      );
      return { ...result, errors } as typeof result;
    };
  }, [schema, at]);
}

/**
 * react-hook-form for an admin form (content, Nepali tab, accounts), validated by the form's zod
 * schema: on submit, then again on every change.
 *
 * The server's HTML can be typed into before React takes the page over. When a field is
 * registered, react-hook-form writes its default value into the input, which would wipe that
 * text; so the first time a form's field is registered, what the person typed in the whole form is
 * read first, and put back into the form's state (as a change, so leaving asks first).
 */
export function useSchemaForm<T extends FieldValues = FieldValues>(schema: z.ZodType, defaultValues: DefaultValues<T>) {
  const resolver = useLocalizedResolver<T>(schema, useAt());
  const form = useForm<T>({
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { ...defaultValues } as DefaultValues<T>,
  });
  const { register: registerField, setValue } = form;
  // Per form element, what was typed into it before hydration, by field name, until given back.
  const typed = useRef(new WeakMap<HTMLFormElement, Map<string, unknown>>());

  const register = useCallback<UseFormRegister<T>>(
    (name, options) => {
      const registration = registerField(name, options);
      return {
        ...registration,
        ref: (element: unknown) => {
          const owner = element instanceof HTMLElement ? element.closest("form") : null;
          if (owner && !typed.current.has(owner)) typed.current.set(owner, typedBeforeHydration(owner));
          registration.ref(element);
          const pending = owner ? typed.current.get(owner) : undefined;
          if (pending?.has(name)) {
            const value = pending.get(name);
            pending.delete(name);
            if (value instanceof FileList && element instanceof HTMLInputElement) {
              // react-hook-form empties a file input it sets, so the chosen files go back in after.
              const files = new DataTransfer();
              for (const file of Array.from(value)) files.items.add(file);
              setValue(name, files.files as PathValue<T, FieldPath<T>>, { shouldDirty: true });
              element.files = files.files;
            } else {
              setValue(name, value as PathValue<T, FieldPath<T>>, { shouldDirty: true });
            }
          }
        },
      };
    },
    [registerField, setValue],
  );

  return { ...form, register };
}
