import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useUnsavedChanges } from '../../app/tabs/useUnsavedChanges';

/** A form of the page with unsaved input: how to save it and how to bring it into view. */
type UnsavedForm = { save: () => Promise<boolean>; show?: (() => void) | undefined };

type UnsavedForms = { set(key: symbol, form: UnsavedForm | undefined): void };

const UnsavedFormsContext = createContext<UnsavedForms | null>(null);
const SectionContext = createContext<(() => void) | undefined>(undefined);

/**
 * Collects the unsaved input of every form on a page of several forms (the case tabs) and tells the
 * workspace tab as one: closing the tab asks 'Do you want to save changes before opening new section?',
 * and Save saves each edited form in turn, showing it first; the first that cannot be saved (a required
 * field left empty, a refused call) stops there with the form in view and the tab kept open.
 */
export function UnsavedFormsProvider({ children }: { children: ReactNode }) {
  const forms = useRef(new Map<symbol, UnsavedForm>());
  const [count, setCount] = useState(0);
  const value = useMemo<UnsavedForms>(
    () => ({
      set(key, form) {
        if (form) forms.current.set(key, form);
        else forms.current.delete(key);
        setCount(forms.current.size);
      },
    }),
    [],
  );
  const saveAll = useCallback(async () => {
    for (const form of [...forms.current.values()]) {
      form.show?.();
      if (!(await form.save())) return false;
    }
    return true;
  }, []);
  useUnsavedChanges(count > 0, saveAll);
  return <UnsavedFormsContext.Provider value={value}>{children}</UnsavedFormsContext.Provider>;
}

/** A part of the page (a tab of the case) that forms inside it are shown by, when one must be saved. */
export function FormSection({ show, children }: { show: () => void; children: ReactNode }) {
  return <SectionContext.Provider value={show}>{children}</SectionContext.Provider>;
}

/**
 * The calling form's part in the page's unsaved input: `edited` marks it edited (antd's
 * `onValuesChange`, which only user input fires), `saved` clears it. Unmounting (a form that starts
 * again with the server's values, a closed dialog) clears it too. Outside an `UnsavedFormsProvider`
 * it does nothing. A form keeps its place in the saving order from its first edit (a Map keeps the
 * order keys were first set in).
 */
export function useUnsavedFormEntry(save: () => Promise<boolean>) {
  const forms = useContext(UnsavedFormsContext);
  const show = useContext(SectionContext);
  const [key] = useState(() => Symbol('form'));
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => () => forms?.set(key, undefined), [forms, key]);
  return {
    edited: () => forms?.set(key, { save: () => saveRef.current(), show }),
    saved: () => forms?.set(key, undefined),
  };
}
