import { Modal } from 'antd';
import { useState } from 'react';
import type { SidebarColor } from './sidebarColors';
import { ThemeSettingsForm } from './ThemeSettingsForm';
import { useSaveSidebarColor } from './useSaveSidebarColor';
import { useTheme } from './useTheme';

/** The Theme Settings dialog of the account menu: the sidebar follows the choice at once; Cancel undoes it. */
export function ThemeSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { sidebarColor, setSidebarColor } = useTheme();
  const save = useSaveSidebarColor();
  // Mounted when opened: the colour to go back to on Cancel.
  const [initial] = useState<SidebarColor>(sidebarColor);
  const [saving, setSaving] = useState(false);

  return (
    <Modal
      open={open}
      title="Theme Settings"
      okText="Save"
      confirmLoading={saving}
      onCancel={() => {
        setSidebarColor(initial);
        onClose();
      }}
      onOk={async () => {
        setSaving(true);
        try {
          await save(sidebarColor);
          onClose();
        } catch {
          // The notice has said why; the dialog stays open.
        } finally {
          setSaving(false);
        }
      }}
      destroyOnHidden
    >
      <ThemeSettingsForm value={sidebarColor} onChange={setSidebarColor} />
    </Modal>
  );
}
