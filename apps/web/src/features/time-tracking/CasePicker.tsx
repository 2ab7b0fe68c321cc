import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { CaseEndpoints } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';

type Props = {
  value?: string | undefined;
  onChange?: (id: string | undefined) => void;
  placeholder?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
  allowClear?: boolean;
};

/** Picks a case by its number or claimant, searching the cases the caller may see. */
export function CasePicker({ value, onChange, placeholder = 'Case', style, allowClear = true, ...rest }: Props) {
  const client = useApi();
  const [search, setSearch] = useState('');
  const cases = useQuery(
    endpointQuery(client, CaseEndpoints.list, { query: { filterText: search || undefined, maxResultCount: 20 } }),
  );
  return (
    <Select
      aria-label={rest['aria-label'] ?? placeholder}
      placeholder={placeholder}
      showSearch
      allowClear={allowClear}
      filterOption={false}
      onSearch={setSearch}
      style={{ minWidth: 220, ...style }}
      value={value}
      onChange={(v: string | undefined) => onChange?.(v)}
      loading={cases.isFetching}
      options={(cases.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.caseNo} · ${c.clientName}` }))}
    />
  );
}
