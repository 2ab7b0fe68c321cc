import type { FastifyInstance } from 'fastify';
import { MedicalRecordEndpoints, MedicalRecordModule } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { registerCaseModule } from '../cases/case-module.routes';
import { medicalRecordCaseDetails } from './medical-records.schema';

/** Medical records: the declared calls, and a request duplicated (read under the caller's own access). */
export function registerMedicalRecordRoutes(app: FastifyInstance, database: Database) {
  const records = registerCaseModule(
    app,
    database,
    MedicalRecordModule,
    MedicalRecordEndpoints,
    medicalRecordCaseDetails,
  );
  registerEndpoint(app, MedicalRecordEndpoints.duplicateRecord, async (req) => {
    const ctx = contextOf(req);
    const from = await records.get(ctx, req.params.id);
    return records.create(
      ctx,
      {
        clientId: from.clientId,
        caseManagerId: from.caseManagerId,
        specialistId: from.specialistId,
        bookingNotes: from.bookingNotes,
      },
      { recordType: from.fields.recordType ?? null, provider: from.fields.provider ?? null, duplicateOfId: from.id },
    );
  });
}
