import { z } from 'zod';
import { FileReviewModule, SupplementaryModule } from '../cases/modules/supplementary';
import { Uuid } from '../ids';
import { caseModuleEndpoints, ModuleCaseDto, moduleEndpointList } from './case-modules';
import { endpoint } from './endpoint';

/** A supplementary report asked for on an existing case of another module (today: IME). */
export const SuppFromModuleInput = z.strictObject({
  fromModule: z.enum(['IME']),
  objectId: Uuid,
});

const shared = caseModuleEndpoints(SupplementaryModule, '/api/app/supplementary');

/** Supplementary reports: the shared calls of the declaration, and `suppFromModule`. */
export const SupplementaryEndpoints = {
  ...shared,
  suppFromModule: endpoint({
    method: 'POST',
    path: '/api/app/supplementary/suppFromModule',
    body: SuppFromModuleInput,
    response: ModuleCaseDto,
    access: { permission: 'Casebook.Supplementary.Create', features: SupplementaryModule.features },
    summary: 'A supplementary report on an existing case, carrying its claimant, case manager, company and specialist',
    tags: [SupplementaryModule.title],
  }),
};

const fileReviews = caseModuleEndpoints(FileReviewModule, '/api/app/file-review');

/** File reviews: the shared calls of the declaration, and the case as its printed request shows it. */
export const FileReviewEndpoints = {
  ...fileReviews,
  fileReviewPrint: endpoint({
    method: 'GET',
    path: '/api/app/file-review/:id/fileReviewPrint',
    params: z.object({ id: Uuid }),
    response: ModuleCaseDto,
    access: { permission: 'Casebook.FileReview', features: FileReviewModule.features },
    summary: 'The file review as its printed request to the specialist shows it',
    tags: [FileReviewModule.title],
  }),
};

/** Both modules' calls, for the catalogue. */
export const SupplementaryEndpointList = [
  ...moduleEndpointList(shared),
  SupplementaryEndpoints.suppFromModule,
  ...moduleEndpointList(fileReviews),
  FileReviewEndpoints.fileReviewPrint,
];
