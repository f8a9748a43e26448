import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * react-hook-form for a content form (the English form and the Nepali tab), validated by the
 * form's zod schema: on submit, then again on every change (spec section 5).
 */
export function useSchemaForm(schema: z.ZodType, defaultValues: Record<string, string>) {
  return useForm<FieldValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { ...defaultValues },
  });
}
