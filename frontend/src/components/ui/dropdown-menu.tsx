import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export type MenuItem =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode; testId?: string }
  | { kind: 'action'; label: string; onSelect: () => void; icon?: ReactNode; testId?: string; danger?: boolean };

type DropdownMenuProps = {
  /** The trigger's accessible name. */
  label: string;
  trigger: ReactNode;
  items: MenuItem[];
  /** Shown above the items (e.g. who is signed in); not a menu item. */
  header?: ReactNode;
  triggerClassName?: string;
  triggerTestId?: string;
  align?: 'start' | 'end';
};

/**
 * A button that opens a menu. Arrow keys, Home and End move between items, Escape closes and
 * returns focus to the button, Tab or a click elsewhere closes.
 */
export function DropdownMenu({
  label,
  trigger,
  items,
  header,
  triggerClassName,
  triggerTestId,
  align = 'end',
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const root = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const itemElements = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const elements = itemElements();
    (focusOnOpen === 'last' ? elements[elements.length - 1] : elements[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen]);

  const openWith = (target: 'first' | 'last') => {
    setFocusOnOpen(target);
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const elements = itemElements();
    const index = elements.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => elements[(next + elements.length) % elements.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(elements.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  return (
    <div ref={root} className="dropdown">
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={triggerTestId}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div className={`dropdown__panel dropdown__panel--${align}`}>
          {header && <div className="dropdown__header">{header}</div>}
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            className="dropdown__menu"
            onKeyDown={onMenuKeyDown}
          >
            {items.map((item) =>
              item.kind === 'link' ? (
                <Link
                  key={item.label}
                  to={item.to}
                  role="menuitem"
                  tabIndex={-1}
                  className="dropdown__item"
                  data-testid={item.testId}
                  onClick={() => close(false)}
                >
                  {item.icon}
                  {item.label}
                </Link>
              ) : (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={item.danger ? 'dropdown__item dropdown__item--danger' : 'dropdown__item'}
                  data-testid={item.testId}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.icon}
                  {item.label}
                </button>
              ),
            )}
          </div>
        </div>
      )}
    </div>
  );
}
