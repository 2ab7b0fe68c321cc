import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover } from 'antd';
import type { ColumnSetting } from './useColumnSettings';

type Props = {
  columns: ColumnSetting[];
  titles: Record<string, string>;
  onChange: (columns: ColumnSetting[]) => void;
  /** The declared order, all shown. */
  onReset: () => void;
};

function move(columns: ColumnSetting[], index: number, by: -1 | 1): ColumnSetting[] {
  const next = [...columns];
  const [item] = next.splice(index, 1);
  if (item) next.splice(index + by, 0, item);
  return next;
}

/** Shows, hides and reorders a table's columns; at least one column stays shown. */
export function ColumnSettingsButton({ columns, titles, onChange, onReset }: Props) {
  const shown = columns.filter((c) => !c.hidden).length;
  const list = (
    <Flex vertical gap={4} role="group" aria-label="Columns">
      {columns.map((column, index) => {
        const title = titles[column.name] ?? column.name;
        return (
          <Flex key={column.name} align="center" justify="space-between" gap="small">
            <Checkbox
              checked={!column.hidden}
              disabled={!column.hidden && shown === 1}
              onChange={(e) =>
                onChange(columns.map((c) => (c.name === column.name ? { ...c, hidden: !e.target.checked } : c)))
              }
            >
              {title}
            </Checkbox>
            <span>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={`Move ${title} up`}
                disabled={index === 0}
                onClick={() => onChange(move(columns, index, -1))}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`Move ${title} down`}
                disabled={index === columns.length - 1}
                onClick={() => onChange(move(columns, index, 1))}
              />
            </span>
          </Flex>
        );
      })}
      <Button size="small" onClick={onReset}>
        Reset
      </Button>
    </Flex>
  );
  return (
    <Popover content={list} trigger="click" placement="bottomRight" title="Columns">
      <Button icon={<SettingOutlined />}>Columns</Button>
    </Popover>
  );
}
