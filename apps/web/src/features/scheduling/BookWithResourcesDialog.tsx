import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { ErrorMessages, SchedulingEndpoints, SlotStatusLabels } from '@casebook/domain';
import { ApiError, useApi } from '../../platform/api/api-client';
import { callEndpoint, endpointQuery } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

/** A search result being booked with a room and an interpreter. */
export type ResourceSlot = {
  id: string;
  displayFrom: string;
  centre?: { name: string } | null;
  freeRooms?: string[];
  freeInterpreters?: { id: string; name: string }[];
};

type Draft = { room: string | null; interpreterId: string | null; caseNo: string; slotStatus: 5 | 6 };

/**
 * Book with a room and an interpreter: the session's centre's rooms and the interpreters (of the
 * searched language) as the server says they are at the session's time, the busy ones shown but not
 * chosen. The Book call holds the session, the room and the interpreter together or none of them; a
 * refusal (another booking took the room or the interpreter first) is shown here, and what was chosen
 * and typed stays for another choice.
 */
export function BookWithResourcesDialog({
  slot,
  specialistName,
  languageId,
  interpreterId,
  onClose,
}: {
  slot: ResourceSlot;
  specialistName: string;
  languageId?: string | undefined;
  /** The interpreter the search asked for, chosen first. */
  interpreterId?: string | undefined;
  onClose: () => void;
}) {
  const api = useApi();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const resources = useQuery(
    endpointQuery(api, SchedulingEndpoints.sessionResources, {
      params: { id: slot.id },
      query: languageId ? { languageId } : {},
    }),
  );
  const [draft, setDraft] = useState<Draft>({
    room: slot.freeRooms?.[0] ?? null,
    interpreterId: interpreterId ?? slot.freeInterpreters?.[0]?.id ?? null,
    caseNo: '',
    slotStatus: 6,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const book = async () => {
    setSaving(true);
    setRefusal(null);
    try {
      await callEndpoint(
        api,
        SchedulingEndpoints.book,
        {
          params: { id: slot.id },
          body: {
            caseNo: draft.caseNo.trim() || null,
            slotStatus: draft.slotStatus,
            rooms: draft.room ? [draft.room] : [],
            interpreterIds: draft.interpreterId ? [draft.interpreterId] : [],
          },
        },
        { silent: true },
      );
      notices.success('The session is booked.');
      await queryClient.invalidateQueries({ queryKey: ['availability'] });
      await queryClient.invalidateQueries({ queryKey: ['calendar'] });
      onClose();
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message || ErrorMessages.generic : ErrorMessages.generic);
      // What is free may have changed: ask again, keeping the choices.
      void resources.refetch();
    } finally {
      setSaving(false);
    }
  };

  const rooms = resources.data?.rooms ?? [];
  const people = resources.data?.interpreters ?? [];
  return (
    <Modal
      title="Book session"
      open
      okText="Book"
      onOk={() => void book()}
      okButtonProps={{ loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {specialistName} · {slot.displayFrom}
        {slot.centre ? ` · ${slot.centre.name}` : ''}
      </p>
      {refusal && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={refusal} />}
      <Spin spinning={resources.isLoading}>
        <Form layout="vertical">
          <Form.Item label="Room" htmlFor="book-room">
            <Select
              id="book-room"
              aria-label="Room"
              allowClear
              placeholder={slot.centre ? 'No room' : 'Not at a centre'}
              disabled={!slot.centre}
              value={draft.room}
              onChange={(room?: string) => setDraft({ ...draft, room: room ?? null })}
              options={rooms.map((r) => ({
                value: r.room,
                label: r.free ? r.room : `${r.room} (booked)`,
                disabled: !r.free,
              }))}
            />
          </Form.Item>
          <Form.Item label="Interpreter" htmlFor="book-interpreter">
            <Select
              id="book-interpreter"
              aria-label="Interpreter"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="No interpreter"
              value={draft.interpreterId}
              onChange={(id?: string) => setDraft({ ...draft, interpreterId: id ?? null })}
              options={people.map((p) => ({
                value: p.id,
                label: p.free ? p.name : `${p.name} (booked)`,
                disabled: !p.free,
              }))}
            />
          </Form.Item>
          <Form.Item label="Case number" htmlFor="book-case-no">
            <Input
              id="book-case-no"
              maxLength={64}
              value={draft.caseNo}
              onChange={(e) => setDraft({ ...draft, caseNo: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Status" htmlFor="book-status">
            <Select
              id="book-status"
              aria-label="Status"
              value={draft.slotStatus}
              onChange={(slotStatus: 5 | 6) => setDraft({ ...draft, slotStatus })}
              options={([6, 5] as const).map((c) => ({ value: c, label: SlotStatusLabels[c] }))}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
