/**
 * `useZodForm(schema, options)`: Conform's `useForm` with the one validation policy of the product's
 * forms. The browser checks the form with the same zod schema the action parses (`parseWithZod`),
 * first when a field loses focus, then on every keystroke once it shows an error — so an error
 * appears when the user leaves a field and disappears as soon as they fix it. Without JavaScript the
 * action's answer (`lastResult`) shows the same errors.
 *
 * `options` are Conform's own (`id`, `lastResult`, `defaultValue`, `constraint`, …); `shouldValidate`
 * and `shouldRevalidate` may override the policy (the one-time code form checks only on submit).
 * Returns Conform's `[form, fields]`, typed by the schema's input.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type FormInput<S extends z.ZodType> = z.input<S> extends Record<string, unknown> ? z.input<S> : never;
type ZodFormOptions<S extends z.ZodType> = Omit<Parameters<typeof useForm<FormInput<S>, z.output<S>>>[0], "onValidate">;

export function useZodForm<S extends z.ZodType>(schema: S, options: ZodFormOptions<S> = {}) {
  return useForm<FormInput<S>, z.output<S>>({
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
