import { eq, sql } from 'drizzle-orm';
import { DefaultPicsResource, ProcessStepLabels } from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { referencedValue } from '../../platform/resources/resource.sql';
import { users } from '../identity/identity.schema';
import { checkUsers } from './action-items.service';
import { caseDefaultPics } from './cases.schema';

const userName = referencedValue<string | null>(users, (u) => sql`${u(users.name)} || ' ' || ${u(users.surname)}`, {
  tenantId: caseDefaultPics.tenantId,
  fk: caseDefaultPics.userId,
});

/**
 * Default PICs (decision 0131): the same rows the action items take their persons in charge from
 * (`/api/app/pics/defaultPICs`), kept on the Default PICs screen.
 */
export const defaultPicsResource = defineResource(DefaultPicsResource, {
  table: caseDefaultPics,
  displayName: userName,
  searchColumns: [caseDefaultPics.step],
  computed: { userName },
  filters: {
    step: (step) => eq(caseDefaultPics.step, step),
    userId: (id) => eq(caseDefaultPics.userId, id),
  },
  references: { userId: 'users' },
  choiceLabels: { step: ProcessStepLabels },
  sorting: { step: caseDefaultPics.step, userName, creationTime: caseDefaultPics.creationTime },
  defaultSorting: 'step asc, userName asc',
  beforeWrite: async ({ tx, input }) => {
    await checkUsers(tx, 'userId', [String(input.userId)]);
    return input;
  },
  constraints: {
    case_default_pics_key: { member: 'userId', message: 'This person is already a default PIC of that step.' },
    case_default_pics_user_fkey: { member: 'userId', message: 'The user does not exist.' },
  },
});
