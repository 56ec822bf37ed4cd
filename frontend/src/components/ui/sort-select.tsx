export type SortOption<T extends string> = { value: T; label: string };

type SortSelectProps<T extends string> = {
  id: string;
  value: T;
  options: readonly SortOption<T>[];
  onChange: (value: T) => void;
  /** Class of the wrapper and its label, for the toolbar or filter-bar look. */
  variant?: 'toolbar' | 'filter';
  testId?: string;
  /** The label, "Sort by" unless said otherwise (a filter: "Show"). */
  label?: string;
};

/**
 * A labelled "Sort by" select over a fixed list of options; anything else is ignored.
 *
 * Native on purpose, not Radix Select: Radix's listbox hides its scrollbar with an inline <style>
 * element and locks scrolling with another, both of which the app's Content-Security-Policy
 * blocks (default-src 'self'), while a native select is already labelled, keyboard-operable and
 * gives phones their own picker.
 */
export function SortSelect<T extends string>({
  id,
  value,
  options,
  onChange,
  variant = 'toolbar',
  testId,
  label = 'Sort by',
}: SortSelectProps<T>) {
  const toolbar = variant === 'toolbar';
  return (
    <div className={toolbar ? 'sort-select' : 'filter-field'}>
      <label htmlFor={id} className={toolbar ? 'sort-select__label' : 'filter-field__label'}>
        {label}
      </label>
      <select
        id={id}
        className={`field__control field__control--select${toolbar ? ' sort-select__control' : ''}`}
        data-testid={testId}
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value);
          if (next) onChange(next.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
