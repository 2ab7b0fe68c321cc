import { Button, Modal } from 'antd';

/** The spec's prompt, word for word (shell §8 "Prompts"). */
export const UNSAVED_PROMPT = 'Do you want to save changes before opening new section?';

export type UnsavedChoice = 'save' | 'discard' | 'cancel';

/** Save, leave without saving, or stay. */
export function UnsavedChangesModal({ open, onChoose }: { open: boolean; onChoose: (choice: UnsavedChoice) => void }) {
  return (
    <Modal
      open={open}
      title="Unsaved changes"
      onCancel={() => onChoose('cancel')}
      footer={[
        <Button key="discard" danger onClick={() => onChoose('discard')}>
          Don&apos;t save
        </Button>,
        <Button key="cancel" onClick={() => onChoose('cancel')}>
          Cancel
        </Button>,
        <Button key="save" type="primary" onClick={() => onChoose('save')}>
          Save
        </Button>,
      ]}
    >
      <p>{UNSAVED_PROMPT}</p>
    </Modal>
  );
}
