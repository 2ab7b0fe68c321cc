import type { FormInstance } from 'antd';
import { useState } from 'react';
import { FormMessages } from '@casebook/domain';
import { useNotices } from '../notices/useNotices';
import { showServerErrors } from './ResourceForm';
import { useUnsavedFormEntry } from './UnsavedForms';

export type FormSaveOptions<Values, Result> = {
  /** Runs after the call succeeds and before the success notice: refresh what shows the record. */
  onSaved?: (result: Result, values: Values) => unknown;
  /** The success notice's text; 'Data has been saved successfully.' by default. */
  successMessage?: string;
};

/**
 * The save of an antd form: check the fields ('Please complete required fields.' and the first
 * invalid field scrolled to), send them, refresh, then the success notice. A failed call keeps what
 * the user typed; the client has shown its notice (a 409 the concurrency message, a 422 the rule's)
 * and a 400's messages go on the fields they name. `save` resolves whether the record was saved.
 * `edited` (for the form's `onValuesChange`) marks the input unsaved, for the page's tab to ask about
 * (inside an `UnsavedFormsProvider`) until it is saved.
 */
export function useFormSave<Values, Result>(
  form: FormInstance<Values>,
  send: (values: Values) => Promise<Result>,
  options: FormSaveOptions<Values, Result> = {},
): { save: () => Promise<boolean>; saving: boolean; edited: () => void } {
  const notices = useNotices();
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedFormEntry(save);

  async function save(): Promise<boolean> {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      notices.warning(FormMessages.incomplete);
      const first = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return false;
    }
    setSaving(true);
    try {
      const result = await send(values);
      unsaved.saved();
      await options.onSaved?.(result, values);
      notices.success(options.successMessage);
      return true;
    } catch (error) {
      // The fields the form holds now, so a message naming another field is left to the notice.
      const names = Object.keys(form.getFieldsValue() as object).map((name) => ({ name }));
      showServerErrors(form, error, names);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving, edited: unsaved.edited };
}
