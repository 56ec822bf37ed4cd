/** What the select's stand-in (select.tsx) and its Radix version (select-panel.tsx) share. */

export type SelectOption = { value: string; label: string };

export type SelectProps = {
  /** The trigger's id: a `<label htmlFor>` with it names the select. */
  id: string;
  /** The chosen option's value; '' shows the placeholder. */
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** What the trigger shows while no option is chosen. */
  placeholder?: string;
  /** More classes for the trigger (it always has the field look). */
  className?: string;
  testId?: string;
  disabled?: boolean;
  /** With a name, the choice is also submitted with its form. */
  name?: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

export type SelectPanelProps = SelectProps & {
  /** The stand-in was pressed, or opened from the keyboard, before Radix's code arrived. */
  defaultOpen: boolean;
  /** The stand-in had focus when it was replaced: the real trigger takes it. */
  autoFocus: boolean;
};

/** The chosen option's label, or the placeholder. */
export function shownLabel({ value, options, placeholder }: Pick<SelectProps, 'value' | 'options' | 'placeholder'>) {
  return options.find((option) => option.value === value)?.label ?? placeholder ?? '';
}

export function triggerClassName(className: string | undefined) {
  return ['field__control field__control--select select__trigger', className].filter(Boolean).join(' ');
}
