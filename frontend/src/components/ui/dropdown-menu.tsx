import { lazy, Suspense, useState, type ReactNode } from 'react';
import { TriggerContent } from '@/components/ui/menu-trigger-content';
import '@/components/ui/primitives.css';

export type MenuItem =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode; testId?: string }
  | { kind: 'action'; label: string; onSelect: () => void; icon?: ReactNode; testId?: string; danger?: boolean };

export type DropdownMenuProps = {
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

// Radix's menu (with its positioning engine) is not on Home's first visit's budget: only members see menus.
const DropdownMenuPanel = lazy(async () => ({
  default: (await import('@/components/ui/dropdown-menu-panel')).DropdownMenuPanel,
}));

/**
 * A button that opens a menu (Radix): arrow keys, Home, End and typeahead move between items,
 * Escape closes and returns focus to the button, Tab or a press elsewhere closes.
 */
export function DropdownMenu(props: DropdownMenuProps) {
  // A press on the stand-in, before the menu's code arrives, opens the menu once it has.
  const [pressedEarly, setPressedEarly] = useState(false);
  const placeholder = (
    <div className="dropdown">
      <button
        type="button"
        className={props.triggerClassName}
        aria-haspopup="menu"
        aria-expanded={false}
        data-testid={props.triggerTestId}
        onClick={() => setPressedEarly(true)}
      >
        <TriggerContent label={props.label} trigger={props.trigger} />
      </button>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <DropdownMenuPanel {...props} defaultOpen={pressedEarly} />
    </Suspense>
  );
}
