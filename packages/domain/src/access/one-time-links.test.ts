import { describe, expect, it } from 'vitest';
import { oneTimeLinkPath } from './one-time-links';

const id = '0190a5c2-1111-7000-8000-000000000001';

describe('where a one-time link opens', () => {
  it('a document in the document page, a case in its module detail, anything else home', () => {
    expect(oneTimeLinkPath({ fromModule: 'document', objectId: id })).toBe(`/view/document?fileId=${id}`);
    expect(oneTimeLinkPath({ fromModule: 'IME', objectId: id })).toBe(`/view/imes/detail/${id}`);
    expect(oneTimeLinkPath({ fromModule: 'supplementaries', objectId: id })).toBe(`/view/supplementaries/detail/${id}`);
    expect(oneTimeLinkPath({ fromModule: 'IME' })).toBe('/');
    expect(oneTimeLinkPath({ fromModule: 'nothing', objectId: id })).toBe('/');
    expect(oneTimeLinkPath({ fromModule: 'document', objectId: '../../admin' })).toBe('/');
    expect(oneTimeLinkPath({})).toBe('/');
  });
});
