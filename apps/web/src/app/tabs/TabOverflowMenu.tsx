import { Dropdown } from 'antd';
import type { ReactElement } from 'react';

/** The overflow button's dropdown of the tabs beyond the strip's maximum. */
export function TabOverflowMenu({
  items,
  onSelect,
  children,
}: {
  items: { key: string; label: string }[];
  onSelect: (key: string) => void;
  children: ReactElement;
}) {
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onSelect(key) }}>
      {children}
    </Dropdown>
  );
}
