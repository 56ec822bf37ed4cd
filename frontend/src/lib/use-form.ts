import { useState } from 'react';
import type { ZodType } from 'zod';
import { validateForm, type FieldErrors } from '@/lib/validation';

/**
 * Form values checked against a shared contract schema. Messages appear after the first submit
 * attempt and then follow the person's edits, so nobody is scolded while still typing.
 */
export function useForm<Values extends Record<string, unknown>, Output>(
  schema: ZodType<Output>,
  initialValues: Values,
) {
  type Field = keyof Values & string;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);

  const setValue = <Name extends Field>(field: Name, value: Values[Name]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const result = validateForm<Output, Field>(schema, next);
      setErrors(result.success ? {} : result.errors);
    }
  };

  /** The parsed values when every rule passes; otherwise null, with the messages shown. */
  const validate = (): Output | null => {
    setSubmitted(true);
    const result = validateForm<Output, Field>(schema, values);
    setErrors(result.success ? {} : result.errors);
    return result.success ? result.data : null;
  };

  return { values, errors, setValue, validate, setValues };
}

/** Moves focus to the first field that failed, once its message has rendered. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  window.requestAnimationFrame(() => {
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
