import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { SchedulingEndpoints } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { SelectionListBox } from '../../platform/controls';

/**
 * The Appointment tab's rooms and interpreter, once a session is chosen: the rooms of the session's centre
 * and the interpreters (of a language, when one is chosen) as the server says they stand at the session's
 * time, the booked ones shown but not chosen. Saving books them with the session, all or none.
 */
export function CaseResourcePicker() {
  const api = useApi();
  const sessionId = Form.useWatch<string | undefined>('sessionId');
  const languageId = Form.useWatch<string | null | undefined>('interpreterLanguageId');
  const resources = useQuery({
    ...endpointQuery(api, SchedulingEndpoints.sessionResources, {
      params: { id: sessionId ?? '' },
      query: languageId ? { languageId } : {},
    }),
    enabled: Boolean(sessionId),
  });
  if (!sessionId) return null;
  const rooms = resources.data?.rooms ?? [];
  const people = resources.data?.interpreters ?? [];
  return (
    <>
      <Form.Item name="rooms" label="Rooms">
        <Select
          mode="multiple"
          allowClear
          loading={resources.isLoading}
          placeholder={
            rooms.length > 0 || resources.isLoading ? 'No room' : 'The session is not at a centre with rooms'
          }
          disabled={!resources.isLoading && rooms.length === 0}
          options={rooms.map((r) => ({
            value: r.room,
            label: r.free || r.heldByThisSession ? r.room : `${r.room} (booked)`,
            disabled: !r.free && !r.heldByThisSession,
          }))}
        />
      </Form.Item>
      <Form.Item name="interpreterLanguageId" label="Interpreter language">
        <SelectionListBox resource="languages" aria-label="Interpreter language" placeholder="Any language" />
      </Form.Item>
      <Form.Item name="interpreterId" label="Interpreter">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={resources.isLoading}
          placeholder="No interpreter"
          options={people.map((p) => ({
            value: p.id,
            label: p.free ? p.name : `${p.name} (booked)`,
            disabled: !p.free,
          }))}
        />
      </Form.Item>
    </>
  );
}
