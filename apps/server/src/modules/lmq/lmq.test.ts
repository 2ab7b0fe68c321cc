import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { taskChecklistStatus, type ChecklistDto, type TaskChecklistDto } from '@casebook/domain';
import { createTestApp, newTenant, callerFor, type TestApp } from '../../../test/harness';
import { twoFirms, type TwoFirms } from '../../../test/worlds';

let t: TestApp;
let w: TwoFirms;
let caseId: string;
const BASE = '/api/app/check-lists';
const TASKS = '/api/app/task-checklists';

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(res: Promise<Res> | Res): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await twoFirms(t, { features: { LMQ: 'True' } });
  caseId = (
    await ok<{ id: string }>(
      w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }),
    )
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const make = (name: string, criteria = ['Loan agreement signed', 'Medical records received', 'Liability accepted']) =>
  ok<ChecklistDto>(w.staff.post(BASE, { name, criteria }));

describe('task checklist status', () => {
  test('complete when every item is complete or not required; not required when all are; else incomplete', () => {
    expect(taskChecklistStatus([])).toBe('Incomplete');
    expect(taskChecklistStatus([{ status: 'Complete' }, { status: 'Not Required' }])).toBe('Complete');
    expect(taskChecklistStatus([{ status: 'Not Required' }, { status: 'Not Required' }])).toBe('Not Required');
    expect(taskChecklistStatus([{ status: 'Complete' }, { status: 'Incomplete' }])).toBe('Incomplete');
  });
});

describe('LMQ checklists', () => {
  test('criteria are edited, reset to default, and copied; names are unique', async () => {
    const list = await make('Settlement');
    expect(list.criteria.map((c) => c.text)).toEqual([
      'Loan agreement signed',
      'Medical records received',
      'Liability accepted',
    ]);
    expect(list.isModified).toBe(false);
    const edited = await ok<ChecklistDto>(
      w.staff.put(`${BASE}/${list.id}/criterias`, {
        criteria: ['Liability accepted', 'Settlement offer received'],
        concurrencyStamp: list.concurrencyStamp,
      }),
    );
    expect(edited.isModified).toBe(true);
    // An unchanged criterion keeps its id.
    expect(edited.criteria[0]!.id).toBe(list.criteria[2]!.id);
    const criterias = await ok<{ items: { text: string; itemIndex: number }[] }>(
      w.staff.get(`${BASE}/${list.id}/criterias`),
    );
    expect(criterias.items.map((c) => [c.itemIndex, c.text])).toEqual([
      [0, 'Liability accepted'],
      [1, 'Settlement offer received'],
    ]);
    const stale = await w.staff.post(`${BASE}/${list.id}/resetToDefault`, { concurrencyStamp: list.concurrencyStamp });
    expect(stale.statusCode).toBe(409);
    const reset = await ok<ChecklistDto>(
      w.staff.post(`${BASE}/${list.id}/resetToDefault`, { concurrencyStamp: edited.concurrencyStamp }),
    );
    expect(reset.criteria.map((c) => c.text)).toEqual(list.criteria.map((c) => c.text));
    expect(reset.isModified).toBe(false);

    const copy = await ok<ChecklistDto>(w.staff.post(`${BASE}/${list.id}/copy`, {}));
    const copy2 = await ok<ChecklistDto>(w.staff.post(`${BASE}/${list.id}/copy`, {}));
    expect([copy.name, copy2.name]).toEqual(['Copy of Settlement', 'Copy of Settlement (2)']);
    expect(copy.criteria.map((c) => c.text)).toEqual(reset.criteria.map((c) => c.text));
    expect(copy.id).not.toBe(list.id);

    const dup = await w.staff.post(BASE, { name: 'settlement', criteria: ['x'] });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('A checklist with this name already exists.');
    const empty = await w.staff.post(BASE, { name: 'Empty', criteria: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('criteria');

    const history = await ok<{ items: { propertyName: string }[] }>(
      w.admin.get(`/api/app/entity-changes?entityId=${list.id}`),
    );
    expect(history.items.map((c) => c.propertyName)).toContain('criteria');
  });

  test('disable and enable: a disabled checklist leaves the selection list and cannot be applied', async () => {
    const list = await make('Funding');
    const off = await ok<ChecklistDto>(w.staff.post(`${BASE}/${list.id}/disable`, {}));
    expect(off.isActive).toBe(false);
    const choices = await ok<{ items: ChecklistDto[] }>(
      w.staff.get(`${BASE}?isSelectionList=true&maxResultCount=1000`),
    );
    expect(choices.items.map((c) => c.id)).not.toContain(list.id);
    const applied = await w.staff.post(TASKS, { caseId, checklistId: list.id });
    expect(applied.statusCode).toBe(400);
    expect(applied.body).toContain('The checklist is disabled.');
    expect((await ok<ChecklistDto>(w.staff.post(`${BASE}/${list.id}/enable`, {}))).isActive).toBe(true);
    expect(
      (await ok<{ items: ChecklistDto[] }>(w.staff.get(`${BASE}?isActive=true&maxResultCount=1000`))).items.map(
        (c) => c.id,
      ),
    ).toContain(list.id);
  });

  test('a task checklist on a case: items set, status counted, reset from its checklist; other tenants get 404', async () => {
    const list = await make('Intake');
    const task = await ok<TaskChecklistDto>(w.staff.post(TASKS, { caseId, checklistId: list.id }));
    expect(task.status).toBe('Incomplete');
    expect(task.items.every((i) => i.status === 'Incomplete')).toBe(true);
    const again = await w.staff.post(TASKS, { caseId, checklistId: list.id });
    expect(again.statusCode).toBe(422);

    const before = await ok<{ incomplete: number; complete: number }>(
      w.staff.get(`${TASKS}/countLmqStatus?caseId=${caseId}`),
    );
    const done = await ok<TaskChecklistDto>(
      w.staff.put(`${TASKS}/${task.id}/criterias`, {
        items: [
          { criterionId: task.items[0]!.criterionId, status: 'Complete' },
          { criterionId: task.items[1]!.criterionId, status: 'Not Required' },
          { criterionId: task.items[2]!.criterionId, status: 'Complete' },
        ],
        concurrencyStamp: task.concurrencyStamp,
      }),
    );
    expect(done.status).toBe('Complete');
    const after = await ok<{ incomplete: number; complete: number; total: number }>(
      w.staff.get(`${TASKS}/countLmqStatus?caseId=${caseId}`),
    );
    expect(after.complete).toBe(before.complete + 1);
    expect(after.incomplete).toBe(before.incomplete - 1);
    const badStatus = await w.staff.put(`${TASKS}/${task.id}/criterias`, {
      items: [{ criterionId: task.items[0]!.criterionId, status: 'Done' }],
      concurrencyStamp: done.concurrencyStamp,
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body).toContain('status');

    const reset = await ok<TaskChecklistDto>(
      w.staff.post(`${TASKS}/${task.id}/reset-criterias`, { concurrencyStamp: done.concurrencyStamp }),
    );
    expect(reset.status).toBe('Incomplete');
    expect(
      (await ok<{ items: TaskChecklistDto[] }>(w.staff.get(`${TASKS}?caseId=${caseId}`))).items.map((i) => i.id),
    ).toContain(task.id);

    // Another tenant's administrator, with LMQ on, finds none of it.
    expect((await w.outsider.get(`${BASE}/${list.id}`)).statusCode).toBe(404);
    expect((await w.outsider.get(`${TASKS}?caseId=${caseId}`)).statusCode).toBe(404);
    expect(
      (await w.outsider.post(`${TASKS}/${task.id}/reset-criterias`, { concurrencyStamp: reset.concurrencyStamp }))
        .statusCode,
    ).toBe(404);
    expect((await ok<{ total: number }>(w.outsider.get(`${TASKS}/countLmqStatus`))).total).toBe(0);
    // A tenant without LMQ has none of these calls.
    const plain = await callerFor(t, await newTenant(t.database, { features: {} }));
    expect((await plain.get(BASE)).statusCode).toBe(403);
  });
});
