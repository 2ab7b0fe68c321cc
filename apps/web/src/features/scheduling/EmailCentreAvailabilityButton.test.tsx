import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchedulingEndpoints } from '@casebook/domain';
import { EmailCentreAvailabilityButton } from './EmailCentreAvailabilityButton';
import { renderAs, stubbedServer } from './testing/searchTesting';

const centre = { id: '01900000-0000-7000-8000-000000000031', name: 'Hobart Macquarie Street' };

describe('EmailCentreAvailabilityButton', () => {
  it("sends nothing until confirmed, offers the search's dates, and shows a refusal in the dialog", async () => {
    const server = stubbedServer(() => ({
      status: 422,
      body: {
        error: {
          code: 'Casebook:BusinessRule',
          message: 'The centre has no available sessions on the selected dates.',
        },
      },
    }));
    const { user, notices } = renderAs(
      ['STAFF'],
      <EmailCentreAvailabilityButton centre={centre} fromDate="2027-03-01" toDate="2027-03-14" />,
      server.api,
    );
    await user.click(screen.getByRole('button', { name: /Email availability/ }));
    await waitFor(() => expect(document.querySelector('.ant-modal')).not.toBeNull());
    const dialog = document.querySelector<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText('Do you want to email the available sessions of this centre?')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Sessions from' })).toHaveProperty('value', '01 Mar 2027');
    expect(within(dialog).getByRole('textbox', { name: 'Sessions to' })).toHaveProperty('value', '14 Mar 2027');

    // No: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(server.requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Email availability/ }));
    await user.click(within(dialog).getByRole('button', { name: /Yes/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The centre has no available sessions on the selected dates.');
    expect(server.showError).toHaveBeenCalledWith('The centre has no available sessions on the selected dates.');
    expect(notices.success).not.toHaveBeenCalled();
    expect(server.requests).toMatchObject([
      {
        method: 'POST',
        path: SchedulingEndpoints.sendCentreAvailable.path,
        body: { centreId: centre.id, to: null, fromDate: '2027-03-01', toDate: '2027-03-14', note: null },
      },
    ]);
  });
});
