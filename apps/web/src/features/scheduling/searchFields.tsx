import { Form } from 'antd';
import { DateBox, SelectionListBox } from '../../platform/controls';
import { fieldStatus, type ServerErrors } from './serverErrors';

type SpecialtyAndPeriod = { specialty: string | null; fromDate: string | null; toDate: string | null };

type Props<C extends SpecialtyAndPeriod> = {
  draft: C;
  setDraft: (next: C) => void;
  errors: ServerErrors;
};

/** A search's specialty filter: a value of the tenant's SPECIALTY list. */
export function SpecialtyField<C extends SpecialtyAndPeriod>({ draft, setDraft, errors }: Props<C>) {
  return (
    <Form.Item {...fieldStatus(errors, 'specialty')}>
      <SelectionListBox
        resource="lookup-configs"
        query={{ type: 'SPECIALTY' }}
        aria-label="Specialty"
        placeholder="Specialty"
        style={{ width: 200 }}
        value={draft.specialty}
        onChange={(v) => setDraft({ ...draft, specialty: (v as string | null) ?? null })}
      />
    </Form.Item>
  );
}

/** A search's From and To dates; left empty, from today for the search's default number of days. */
export function PeriodFields<C extends SpecialtyAndPeriod>({
  draft,
  setDraft,
  errors,
  defaultDays,
}: Props<C> & { defaultDays: number }) {
  return (
    <>
      <Form.Item {...fieldStatus(errors, 'fromDate')} style={{ width: 150 }}>
        <DateBox
          aria-label="From"
          placeholder="From (today)"
          value={draft.fromDate}
          onChange={(v) => setDraft({ ...draft, fromDate: v })}
        />
      </Form.Item>
      <Form.Item {...fieldStatus(errors, 'toDate')} style={{ width: 170 }}>
        <DateBox
          aria-label="To"
          placeholder={`To (${defaultDays} days on)`}
          value={draft.toDate}
          onChange={(v) => setDraft({ ...draft, toDate: v })}
        />
      </Form.Item>
    </>
  );
}
