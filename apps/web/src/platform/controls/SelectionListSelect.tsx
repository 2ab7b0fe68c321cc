import { Select, Space, Spin, Tag } from 'antd';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties } from 'react';
import {
  DEFAULT_RESULT_COUNT,
  FormMessages,
  SEARCH_DEBOUNCE_MS,
  todayIn,
  type SelectionListItem,
} from '@casebook/domain';
import { useApi } from '../api/api-client';
import { resourceCalls } from '../resources/resourceCalls';
import { useTimeZone } from '../time';
import { Field, type FieldProps } from './Field';
import { withRequired } from './rules';
import { selectionFlags, type SelectionFlag } from './selectionFlags';
import { useDebouncedValue } from './useDebouncedValue';

type QueryValue = string | number | boolean | null | undefined;

export type SelectionListSelectProps = FieldProps & {
  /** The resource's name; its declared list endpoint answers the selection list (isSelectionList=true). */
  resource: string;
  /** More query parameters of the list (e.g. countryId, roleNames). */
  query?: Record<string, QueryValue>;
  multiple?: boolean;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  allowClear?: boolean;
};

/** The name a record's DTO gives itself, for a chosen id that is not among the loaded items. */
function nameOf(record: Record<string, unknown>, id: string): string {
  for (const key of ['displayName', 'fullName', 'name', 'title', 'code']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
  }
  return id;
}

/**
 * A drop-down backed by a resource's selection list: 20 items matching what is typed, searched 500 ms
 * after the typing stops. Inactive items are shown but cannot be chosen.
 */
export function SelectionListSelect({ name, label, required, rules = [], extra, ...box }: SelectionListSelectProps) {
  return (
    <Field name={name} label={label} required={required} rules={withRequired(required, ...rules)} extra={extra}>
      <SelectionListBox {...box} />
    </Field>
  );
}

type BoxProps = Omit<SelectionListSelectProps, 'name' | 'label' | 'required' | 'rules' | 'extra'> & {
  id?: string;
  style?: CSSProperties;
  'aria-label'?: string;
};

export function SelectionListBox({
  resource,
  query = {},
  multiple = false,
  value,
  onChange,
  allowClear = true,
  ...rest
}: BoxProps) {
  const api = useApi();
  // Flags hold on the tenant's today, as the server's booking rules do; the browser's zone may be a day off.
  const today = todayIn(useTimeZone());
  const [search, setSearch] = useState('');
  const filterText = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const list = useQuery({
    queryKey: ['selection-list', resource, filterText, query],
    queryFn: ({ signal }) =>
      resourceCalls(api, resource).list<SelectionListItem>(
        { ...query, isSelectionList: true, filterText, maxResultCount: DEFAULT_RESULT_COUNT },
        { signal },
      ),
    staleTime: 60_000,
  });

  const chosen = useMemo(() => (value == null ? [] : Array.isArray(value) ? value : [value]), [value]);
  const loaded = list.data?.items;
  // A chosen record may be beyond the first 20 or filtered out: its name comes from its own record.
  const missing = chosen.filter((id) => !loaded?.some((item) => item.id === id));
  const records = useQueries({
    queries: missing.map((id) => ({
      queryKey: ['selection-name', resource, id],
      queryFn: ({ signal }: { signal: AbortSignal }) => resourceCalls(api, resource).get(id, { silent: true, signal }),
      staleTime: 60_000,
      enabled: list.isFetched,
    })),
  });

  const options = [
    // A chosen inactive item stays enabled: a disabled tag could not be removed.
    ...(loaded ?? []).map((item) => ({
      value: item.id,
      label: item.displayName,
      disabled: !item.isActive && !chosen.includes(item.id),
      flags: selectionFlags(item, today),
    })),
    ...missing.map((id, i) => {
      const record = records[i]?.data;
      return { value: id, label: record ? nameOf(record, id) : id, flags: [] as SelectionFlag[] };
    }),
  ];

  const waiting = list.isFetching || search.trim() !== filterText;
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={multiple ? chosen : chosen[0]}
      onChange={(next: string | string[] | undefined) => onChange?.(next ?? (multiple ? [] : null))}
      onOpenChange={(open) => open || setSearch('')}
      options={options}
      // Marks such as 'High risk' and 'No contract' follow the name in the drop-down.
      optionRender={(option) => {
        const flags = (option.data as { flags?: SelectionFlag[] }).flags ?? [];
        if (flags.length === 0) return option.label;
        return (
          <Space size={4}>
            {option.label}
            {flags.map((flag) => (
              <Tag key={flag.label} color={flag.color} variant="filled">
                {flag.label}
              </Tag>
            ))}
          </Space>
        );
      }}
      loading={waiting}
      allowClear={allowClear}
      notFoundContent={waiting ? <Spin size="small" /> : FormMessages.noData}
      {...rest}
    />
  );
}
