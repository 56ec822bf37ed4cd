import { useState, type ComponentType, type KeyboardEvent } from 'react';
import '@/components/ui/select.css';
import { shownLabel, triggerClassName, type SelectPanelProps, type SelectProps } from '@/components/ui/select-shared';

export type { SelectOption, SelectProps } from '@/components/ui/select-shared';

// Radix's listbox (with its positioning engine) stays off Home's first visit: it is fetched the
// first time a pointer comes over a select or focus reaches one, while a stand-in trigger draws at
// once; the stand-in stays until the code is there, so a press or the focus is never lost.
let Panel: ComponentType<SelectPanelProps> | null = null;
let loading: Promise<void> | null = null;
function loadPanel(): Promise<void> {
  loading ??= import('@/components/ui/select-panel').then((module) => {
    Panel = module.SelectPanel;
  });
  return loading;
}

/** The keys that open a closed Radix select (its trigger's own). */
const OPENING_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

/**
 * A select (Radix): a button naming the chosen option that opens a listbox; arrow keys, Home, End
 * and typeahead move between options, Enter or Space chooses, Escape closes and returns focus.
 * Labelled by a `<label htmlFor={id}>` beside it.
 */
export function Select(props: SelectProps) {
  const [, setLoaded] = useState(Panel !== null);
  const [focused, setFocused] = useState(false);
  const [pressedEarly, setPressedEarly] = useState(false);
  if (Panel) return <Panel {...props} defaultOpen={pressedEarly} autoFocus={focused} />;
  const load = () => void loadPanel().then(() => setLoaded(true));
  const pressed = () => {
    load();
    setPressedEarly(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    pressed();
  };
  return (
    <button
      type="button"
      id={props.id}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-required={props.required || undefined}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      className={triggerClassName(props.className)}
      data-testid={props.testId}
      data-placeholder={props.value === '' ? '' : undefined}
      disabled={props.disabled}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      // A press counts on pointerdown, as Radix's own trigger opens (for a mouse): the trigger may
      // take the stand-in's place before the button is released, and the click is then lost.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) pressed();
      }}
      onClick={pressed}
      onKeyDown={onKeyDown}
    >
      <span className="select__value">{shownLabel(props)}</span>
    </button>
  );
}
