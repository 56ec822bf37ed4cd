import * as RadixSelect from '@radix-ui/react-select';
import { getNonce } from 'get-nonce';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shownLabel, triggerClassName, type SelectPanelProps } from '@/components/ui/select-shared';
import { CheckIcon } from '@/components/ui/icons';

/**
 * Makes everything but `keep` and its ancestors inert (hence unfocusable and unclickable), as Radix
 * has hidden it from assistive technology while the list is open (aria-hidden with focusable
 * elements inside is a screen reader's trap); answers how to undo that.
 */
function inertOthers(keep: HTMLElement): () => void {
  const made: Element[] = [];
  for (let node: HTMLElement | null = keep; node?.parentElement; node = node.parentElement) {
    if (node === document.body) break;
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('inert') || /^(SCRIPT|STYLE|LINK)$/.test(sibling.tagName)) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => {
    for (const element of made.splice(0)) element.removeAttribute('inert');
  };
}

/** The Radix select behind `Select`, in a chunk of its own (fetched when a select is first approached). */
export function SelectPanel({
  id,
  value,
  options,
  onValueChange,
  placeholder,
  className,
  testId,
  disabled,
  name,
  required,
  invalid,
  describedBy,
  defaultOpen,
  autoFocus,
}: SelectPanelProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(defaultOpen);
  // Opened at once, Radix's list takes the focus (and gives it back to the trigger on closing).
  useEffect(() => {
    if (autoFocus && !defaultOpen) trigger.current?.focus();
  }, [autoFocus, defaultOpen]);
  const restore = useRef<(() => void) | null>(null);
  const release = () => {
    restore.current?.();
    restore.current = null;
  };
  // The list's element once it is in the page (Radix's portal mounts a render after the list opens).
  const content = useCallback((node: HTMLDivElement | null) => {
    restore.current?.();
    restore.current = node ? inertOthers(node) : null;
  }, []);
  return (
    <RadixSelect.Root
      // '' shows the placeholder (Radix 2), and keeps the select controlled.
      value={value}
      onValueChange={onValueChange}
      open={open}
      onOpenChange={(next) => {
        // Before Radix gives the focus back to the trigger, which must no longer be inert.
        if (!next) release();
        setOpen(next);
      }}
      disabled={disabled}
      name={name}
      required={required}
    >
      <RadixSelect.Trigger
        ref={trigger}
        id={id}
        className={triggerClassName(className)}
        data-testid={testId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        {/* The label given, not Radix's copy of the option's text: shown before the list ever opened.
            Wrapped, as Radix's Value drops a class name. */}
        <span className="select__value">
          <RadixSelect.Value placeholder={placeholder}>
            {value === '' ? undefined : shownLabel({ value, options, placeholder })}
          </RadixSelect.Value>
        </span>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          ref={content}
          className="select__content"
          position="popper"
          sideOffset={4}
          collisionPadding={8}
        >
          {/* The nonce the page's CSP names, for the scrollbar rule Radix writes in a <style> element. */}
          <RadixSelect.Viewport className="select__viewport" nonce={getNonce()}>
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="select__item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="select__indicator">
                  <CheckIcon size={16} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
