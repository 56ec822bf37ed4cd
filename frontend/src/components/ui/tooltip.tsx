import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/config/constants';

// Shared by every tooltip: right after one closes, the next opens without the delay.
let lastClosedAt = Number.NEGATIVE_INFINITY;

const VIEWPORT_MARGIN = 8;
const GAP = 8;

type TooltipProps = {
  content: string;
  /** One focusable element: a button, a link, or an aria-disabled button. */
  children: ReactElement<{ 'aria-describedby'?: string; 'aria-disabled'?: boolean | 'true' | 'false' }>;
  side?: 'top' | 'bottom';
};

/** A hint shown on hover after 700 ms (at once within 300 ms of another closing) and on keyboard focus. */
export function Tooltip({ content, children, side = 'bottom' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<CSSProperties>({ visibility: 'hidden' });
  const id = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const openTimer = useRef<number | undefined>(undefined);
  const pointerDown = useRef(false);

  const clearTimer = () => {
    window.clearTimeout(openTimer.current);
    openTimer.current = undefined;
  };

  const show = useCallback((immediately: boolean) => {
    clearTimer();
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (immediately || skip) setOpen(true);
    else openTimer.current = window.setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  }, []);

  const hide = useCallback(() => {
    clearTimer();
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  }, []);

  useEffect(() => clearTimer, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', hide, true);
    };
  }, [open, hide]);

  // Placed against the trigger and kept inside the viewport, so it also works at the screen's edge.
  useLayoutEffect(() => {
    if (!open || !anchor.current || !bubble.current) return;
    const trigger = anchor.current.getBoundingClientRect();
    const tip = bubble.current.getBoundingClientRect();
    const maxLeft = window.innerWidth - tip.width - VIEWPORT_MARGIN;
    const left = Math.max(VIEWPORT_MARGIN, Math.min(trigger.left + trigger.width / 2 - tip.width / 2, maxLeft));
    const below = trigger.bottom + GAP;
    const above = trigger.top - GAP - tip.height;
    const fitsBelow = below + tip.height <= window.innerHeight - VIEWPORT_MARGIN;
    const top = side === 'top' ? (above >= VIEWPORT_MARGIN ? above : below) : fitsBelow ? below : above;
    setPosition({ left, top });
  }, [open, side]);

  const child = cloneElement(children, { 'aria-describedby': open ? id : undefined });
  // A press on an unavailable control explains itself (the only way on touch screens).
  const disabledTrigger = children.props['aria-disabled'] === true || children.props['aria-disabled'] === 'true';

  return (
    <span
      ref={anchor}
      className="tooltip-anchor"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') show(false);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'touch') hide();
      }}
      onPointerDown={() => {
        pointerDown.current = true;
        if (disabledTrigger) show(true);
        else hide();
      }}
      onPointerUp={() => {
        pointerDown.current = false;
      }}
      onFocus={() => {
        // Keyboard focus opens at once; the focus that comes with a click does not.
        if (!pointerDown.current) show(true);
      }}
      onBlur={() => {
        pointerDown.current = false;
        hide();
      }}
    >
      {child}
      {open &&
        createPortal(
          <div ref={bubble} id={id} role="tooltip" className="tooltip" style={position}>
            {content}
          </div>,
          document.body,
        )}
    </span>
  );
}
