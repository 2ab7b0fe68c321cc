import { Radio, Space, Typography } from 'antd';
import { SidebarColors, type SidebarColor } from './sidebarColors';

/** The Theme Settings choices: Sidebar Color — Dark, Dark Blue, Light. */
export function ThemeSettingsForm({
  value,
  onChange,
}: {
  value: SidebarColor;
  onChange: (color: SidebarColor) => void;
}) {
  return (
    <Space orientation="vertical" size="middle">
      <Typography.Text strong id="sidebar-color-label">
        Sidebar Color
      </Typography.Text>
      <Radio.Group
        aria-labelledby="sidebar-color-label"
        value={value}
        onChange={(event) => onChange(event.target.value as SidebarColor)}
        options={SidebarColors.map((c) => ({ value: c.value, label: c.label }))}
        optionType="button"
        buttonStyle="solid"
      />
    </Space>
  );
}
