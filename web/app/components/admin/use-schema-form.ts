import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * react-hook-form for an admin form (content, Nepali tab, accounts), validated by the form's zod
 * schema: on submit, then again on every change.
 */
export function useSchemaForm<T extends FieldValues = FieldValues>(schema: z.ZodType, defaultValues: DefaultValues<T>) {
  return useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { ...defaultValues } as DefaultValues<T>,
  });
}
