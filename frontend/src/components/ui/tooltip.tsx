import * as RadixTooltip from '@radix-ui/react-tooltip';
import { createContext, useContext, useState, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/config/constants';
import '@/components/ui/primitives.css';

const InsideTooltipProvider = createContext(false);

/**
 * The spec's delays for every tooltip below it: 700 ms before one opens, at once within 300 ms of
 * another closing. Radix keeps that state per provider, so wrap a screen's tooltips in one. (Not
 * in AppProvider while no screen shows a tooltip: Radix's tooltip code would add ~10 kB to Home's
 * first visit.)
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InsideTooltipProvider.Provider value>{children}</InsideTooltipProvider.Provider>
    </RadixTooltip.Provider>
  );
}

type TooltipProps = {
  content: string;
  /** One focusable element: a button, a link, or an aria-disabled button. */
  children: ReactElement<{ 'aria-disabled'?: boolean | 'true' | 'false' }>;
  side?: 'top' | 'bottom';
};

/** A hint shown on hover after 700 ms (at once within 300 ms of another closing) and on keyboard focus. */
export function Tooltip(props: TooltipProps) {
  const tooltip = <TooltipRoot {...props} />;
  // A tooltip outside any provider still gets the spec's delays (the skip delay then only for itself).
  return useContext(InsideTooltipProvider) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}

function TooltipRoot({ content, children, side = 'bottom' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  // A press on an unavailable control explains itself (the only way on touch screens).
  const disabledTrigger = children.props['aria-disabled'] === true || children.props['aria-disabled'] === 'true';

  return (
    <RadixTooltip.Root open={open} onOpenChange={setOpen}>
      <RadixTooltip.Trigger
        asChild
        onPointerDown={(event) => {
          if (!disabledTrigger) return;
          event.preventDefault();
          setOpen(true);
        }}
        onClick={(event) => {
          // Radix closes on click; an unavailable control keeps its explanation open.
          if (disabledTrigger) event.preventDefault();
        }}
      >
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={side} sideOffset={8} collisionPadding={8}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
