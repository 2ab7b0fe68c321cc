import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect } from 'react';
import { TenancyEndpoints } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';

/** A tenant the host may pick: id and name. */
export type PickedTenant = { id: string; name: string };

/** The host's tenants, by name (the host itself left out). */
export function useHostTenants(enabled: boolean) {
  const api = useApi();
  return useQuery({
    ...endpointQuery(api, TenancyEndpoints.listTenants, { query: { maxResultCount: 1000 } }),
    enabled,
    select: (page): PickedTenant[] =>
      page.items
        .filter((t) => !('isHost' in t) || !t.isHost)
        .map((t) => ({ id: t.id, name: 'name' in t ? t.name : t.displayName })),
  });
}

/**
 * The host's tenant picker (money-integrations-admin.md §6): the host picks the tenant whose figures or
 * lists it views; the first tenant is picked until it chooses (shell.md §6).
 */
export function HostTenantPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tenant: PickedTenant | undefined) => void;
}) {
  const tenants = useHostTenants(true);
  const first = tenants.data?.[0];
  useEffect(() => {
    if (value === undefined && first) onChange(first);
  }, [value, first, onChange]);
  return (
    <Select
      aria-label="Tenant"
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 240 }}
      loading={tenants.isFetching}
      value={value}
      options={(tenants.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
      onChange={(id: string) => onChange(tenants.data?.find((t) => t.id === id))}
    />
  );
}
