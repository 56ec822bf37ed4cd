import { Select } from '@/components/ui/select';

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

/** A labelled "Sort by" select over a fixed list of options; anything else is ignored. */
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
      <Select
        id={id}
        className={toolbar ? 'sort-select__control' : undefined}
        testId={testId}
        value={value}
        options={options}
        onValueChange={(chosen) => {
          const next = options.find((option) => option.value === chosen);
          if (next) onChange(next.value);
        }}
      />
    </div>
  );
}
