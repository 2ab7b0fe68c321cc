import { CaseModules } from '../cases/modules';

/** The `fromModule` of a one-time link that opens a document (its `objectId` is the file's id). */
export const ONE_TIME_DOCUMENT_MODULE = 'document';

/**
 * Where a redeemed one-time link opens (decision 0104): a document in the document page, a case in its
 * module's detail screen (the module named by its key or its status prefix, `IME`), anything else the home page.
 */
export function oneTimeLinkPath(target: Readonly<Record<string, string | undefined>>): string {
  const { fromModule, objectId } = target;
  if (!fromModule || !objectId || !/^[0-9a-f-]{36}$/i.test(objectId)) return '/';
  if (fromModule === ONE_TIME_DOCUMENT_MODULE) return `/view/document?fileId=${objectId}`;
  const wanted = fromModule.toLowerCase();
  const m = CaseModules.find((c) => c.key.toLowerCase() === wanted || c.statusPrefix.toLowerCase() === wanted);
  return m ? `${m.route}/detail/${objectId}` : '/';
}
