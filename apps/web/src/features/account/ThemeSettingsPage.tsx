import { Button, Card } from 'antd';
import { useState } from 'react';
import { ThemeSettingsForm } from '../../app/theme/ThemeSettingsForm';
import { useSaveSidebarColor } from '../../app/theme/useSaveSidebarColor';
import { useTheme } from '../../app/theme/useTheme';

/** /view/theme-settings: the Theme Settings dialog's choices as a page. */
export function ThemeSettingsPage() {
  const { sidebarColor, setSidebarColor } = useTheme();
  const save = useSaveSidebarColor();
  const [saving, setSaving] = useState(false);
  return (
    <div className="screen">
      <h1 className="screen-title">Theme Settings</h1>
      <Card>
        <ThemeSettingsForm value={sidebarColor} onChange={setSidebarColor} />
        <div className="form-actions">
          <Button
            type="primary"
            loading={saving}
            onClick={async () => {
              setSaving(true);
              await save(sidebarColor).catch(() => undefined);
              setSaving(false);
            }}
          >
            Save
          </Button>
        </div>
      </Card>
    </div>
  );
}
