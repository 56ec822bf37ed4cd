import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Select, type SelectProps } from '@/components/ui/select';

type FieldFrameProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Right-aligned under the field, e.g. a live character counter. */
  aside?: ReactNode;
  optional?: boolean;
};

function FieldFrame({
  id,
  label,
  error,
  hint,
  aside,
  optional,
  children,
}: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional && (
          <span className="field__optional" aria-hidden="true">
            {' '}
            (optional)
          </span>
        )}
      </label>
      {children}
      {(error || hint || aside) && (
        <div className="field__meta">
          <div>
            {error ? (
              <p id={`${id}-error`} className="field__error">
                {error}
              </p>
            ) : (
              hint && (
                <p id={`${id}-hint`} className="field__hint">
                  {hint}
                </p>
              )
            )}
          </div>
          {aside && <div className="field__aside">{aside}</div>}
        </div>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input whose error message sits under it and is announced with it. */
export function TextField({ label, error, hint, aside, optional, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside} optional={optional}>
      <input
        id={id}
        className={['field__control', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({ label, error, hint, aside, optional, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside} optional={optional}>
      <textarea
        id={id}
        className={['field__control field__control--textarea', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = FieldFrameProps &
  Pick<SelectProps, 'value' | 'options' | 'onValueChange' | 'placeholder' | 'name' | 'disabled' | 'required'> & {
    className?: string;
  };

/** A labelled select (Radix; its options as data), with the same message placement as the inputs. */
export function SelectField({ label, error, hint, aside, optional, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside} optional={optional}>
      <Select
        id={id}
        className={className}
        invalid={Boolean(error)}
        describedBy={describedBy(id, error, hint)}
        {...select}
      />
    </FieldFrame>
  );
}
