import * as RadixTabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';

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

/** WAI-ARIA tabs on Radix with automatic activation: arrow keys, Home and End move and select. */
export function Tabs({ label, tabs, defaultTab, className }: TabsProps) {
  const [selected, setSelected] = useState(defaultTab ?? tabs[0]?.id ?? '');
  const active = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  return (
    <RadixTabs.Root
      value={active?.id ?? ''}
      onValueChange={setSelected}
      className={['tabs', className].filter(Boolean).join(' ')}
    >
      <RadixTabs.List aria-label={label} className="tabs__list">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.id}
            value={tab.id}
            className={tab.id === active?.id ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            data-testid={tab.testId}
          >
            {tab.icon}
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {/* Every panel exists, so each tab's aria-controls resolves; only the selected one has content. */}
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.id} value={tab.id} className="tabs__panel">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
