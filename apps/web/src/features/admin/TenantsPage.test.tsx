import { describe, expect, it } from 'vitest';
import { featureOverrides } from './TenantsPage';

describe("a tenant's feature switches", () => {
  it("keep only the switches that differ from the edition's defaults", () => {
    const defaults = ['Assessment', 'RealtimeNotification'];
    expect(featureOverrides({ Assessment: true, RealtimeNotification: true }, defaults)).toEqual({});
    expect(featureOverrides({ Assessment: false, RealtimeNotification: true, NDIS: true }, defaults)).toEqual({
      Assessment: 'False',
      NDIS: 'True',
    });
  });
});
