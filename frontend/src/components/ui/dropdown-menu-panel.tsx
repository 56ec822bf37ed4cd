import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import type { DropdownMenuProps } from '@/components/ui/dropdown-menu';
import { TriggerContent } from '@/components/ui/menu-trigger-content';

/** The Radix menu behind `DropdownMenu`, in a chunk of its own (visitors never see a menu). */
export function DropdownMenuPanel({
  label,
  trigger,
  items,
  header,
  triggerClassName,
  triggerTestId,
  align = 'end',
  defaultOpen = false,
}: DropdownMenuProps & { defaultOpen?: boolean }) {
  return (
    // Not modal: a modal menu locks scrolling with an injected <style>, which the app's CSP blocks.
    <RadixMenu.Root modal={false} defaultOpen={defaultOpen}>
      <div className="dropdown">
        <RadixMenu.Trigger asChild>
          <button type="button" className={triggerClassName} data-testid={triggerTestId}>
            <TriggerContent label={label} trigger={trigger} />
          </button>
        </RadixMenu.Trigger>
        {/* Rendered in place, not in a portal, so the styles scoped to where a menu sits keep applying. */}
        <RadixMenu.Content
          className={`dropdown__panel dropdown__panel--${align}`}
          aria-label={label}
          align={align}
          sideOffset={8}
          collisionPadding={8}
        >
          {header && <div className="dropdown__header">{header}</div>}
          <div className="dropdown__menu">
            {items.map((item) =>
              item.kind === 'link' ? (
                <RadixMenu.Item key={item.label} asChild>
                  <Link to={item.to} className="dropdown__item" data-testid={item.testId}>
                    {item.icon}
                    {item.label}
                  </Link>
                </RadixMenu.Item>
              ) : (
                <RadixMenu.Item key={item.label} asChild onSelect={item.onSelect}>
                  <button
                    type="button"
                    className={item.danger ? 'dropdown__item dropdown__item--danger' : 'dropdown__item'}
                    data-testid={item.testId}
                  >
                    {item.icon}
                    {item.label}
                  </button>
                </RadixMenu.Item>
              ),
            )}
          </div>
        </RadixMenu.Content>
      </div>
    </RadixMenu.Root>
  );
}
