import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = {
  id: string;
  label: ReactNode;
  content: ReactNode;
  icon?: ReactNode;
  testId?: string;
};

type TabsProps = {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: TabItem[];
  defaultTab?: string;
  className?: string;
};

/** WAI-ARIA tabs with automatic activation: arrow keys, Home and End move and select. */
export function Tabs({ label, tabs, defaultTab, className }: TabsProps) {
  const [selected, setSelected] = useState(defaultTab ?? tabs[0]?.id);
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const active = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active?.id);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isActive = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isActive}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isActive ? 0 : -1}
              className={isActive ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
              onClick={() => setSelected(tab.id)}
              data-testid={tab.testId}
            >
              {tab.icon}
              {tab.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          tabIndex={0}
          className="tabs__panel"
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
