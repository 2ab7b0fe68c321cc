import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { SchedulingEndpoints, type AppointmentSessionDto, type CaseDto } from '@casebook/domain';
import { answering, fakeApi, isCallOf, on, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { sessionDto } from '../scheduling/testing/sessionDto';
import { CaseSessionPicker } from './CaseSessionPicker';

const caseId = '01900000-0000-7000-8000-0000000000c1';
const specialistId = '01900000-0000-7000-8000-0000000000a1';

const session = (id: string, fields: Partial<AppointmentSessionDto>) => sessionDto({ id, specialistId, ...fields });

function renderPicker(c: Partial<CaseDto>, items: AppointmentSessionDto[]) {
  const api = fakeApi(answering([on(SchedulingEndpoints.list, () => ({ items, totalCount: items.length }))]));
  const onFinish = vi.fn();
  renderWithApi(
    <Form onFinish={onFinish}>
      <CaseSessionPicker c={{ id: caseId, specialistId, ...c } as CaseDto} timeZone="Australia/Sydney" />
      <Button htmlType="submit">Save</Button>
    </Form>,
    api,
  );
  return { api, onFinish, user: userEvent.setup() };
}

describe('CaseSessionPicker', () => {
  it("offers the specialist's free sessions and the one this case holds, and picks one", async () => {
    const { api, onFinish, user } = renderPicker({}, [
      session('01900000-0000-7000-8000-000000000001', {}),
      session('01900000-0000-7000-8000-000000000002', {
        displayFrom: '03 Mar 2027 09:00 AEDT',
        slotStatus: 6,
        slotStatusLabel: 'Booked Unconfirmed',
        sessionStatus: 'booked',
        caseId: '01900000-0000-7000-8000-0000000000c2',
      }),
      session('01900000-0000-7000-8000-000000000003', {
        displayFrom: '04 Mar 2027 09:00 AEDT',
        slotStatus: 5,
        slotStatusLabel: 'Booked Confirmed',
        sessionStatus: 'booked',
        caseId,
      }),
      session('01900000-0000-7000-8000-000000000004', {
        displayFrom: '05 Mar 2027 09:00 AEDT',
        centreId: null,
        centreName: null,
        isVideoAppointment: true,
        appointmentType: 'VIDEO',
      }),
    ]);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const call = api.calls[0]!;
    expect(isCallOf(call, SchedulingEndpoints.list)).toBe(true);
    expect(call.query).toMatchObject({ specialistId });
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByText('02 Mar 2027 09:00 AEDT · Parramatta · Unbooked (CA)')).toBeTruthy();
    expect(screen.getByText('04 Mar 2027 09:00 AEDT · Parramatta · Booked Confirmed (this case)')).toBeTruthy();
    expect(screen.getByText('05 Mar 2027 09:00 AEDT · Video · Unbooked (CA)')).toBeTruthy();
    // Another case's booking is not offered.
    expect(screen.queryByText(/03 Mar 2027/)).toBeNull();
    await user.click(screen.getByText('05 Mar 2027 09:00 AEDT · Video · Unbooked (CA)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ sessionId: '01900000-0000-7000-8000-000000000004' }));
  });

  it('without a specialist on the case it asks for one and reads nothing', async () => {
    const { api } = renderPicker({ specialistId: null }, []);
    expect(await screen.findByText('Choose the specialist first')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
