import { Modal, Table, Tag, Empty, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { AuditEndpoints, FormMessages, type EntityChangeDto } from '@casebook/domain';
import { useApi } from '../api/api-client';
import { callEndpoint } from '../api/endpoints';
import { useInstantText, useTimeZone } from '../time';
import { formatText } from './cells';
import { humanize } from './metadata';
import { resourceKeys } from './useResourceMetadata';

/** The history's length (spec §9: history 100 rows). */
export const HISTORY_ROWS = 100;

/** One row of the record's history (AuditEndpoints.listEntityChanges). */
export type EntityChange = EntityChangeDto;

type Props = {
  entityId: string;
  open: boolean;
  onClose: () => void;
  /** Field → label, so the history names fields as the form does. */
  labels: Record<string, string>;
  /** Field → code → the words the screens show for it (a status, a choice), so codes read as on the form. */
  choices?: Readonly<Record<string, Readonly<Record<string | number, string>>>>;
};

/**
 * A value as people read it: a code as its label, a referenced record by its name (the server's text),
 * dates and times as the screens show them (in the tenant's zone), other text as it is.
 */
const shown = (
  value: string | null,
  extra: { text: string | null } | undefined,
  timeZone: string,
  choices: Readonly<Record<string | number, string>> | undefined,
) => {
  if (value !== null && choices && Object.hasOwn(choices, value)) return choices[value];
  const text = extra?.text ?? value;
  return text === null ? '' : formatText(text, timeZone);
};

/** "View changes": who changed what and when, newest first, the last 100 changes. */
export function ChangeHistoryDialog({ entityId, open, onClose, labels, choices = {} }: Props) {
  const api = useApi();
  const when = useInstantText();
  const timeZone = useTimeZone();
  const history = useQuery({
    queryKey: resourceKeys.history(entityId),
    queryFn: ({ signal }) =>
      callEndpoint(
        api,
        AuditEndpoints.listEntityChanges,
        { query: { entityId, maxResultCount: HISTORY_ROWS } },
        { signal },
      ),
    enabled: open,
    // Always fresh when opened: the record may have been saved a moment ago.
    staleTime: 0,
  });
  const choicesOf = (c: EntityChange) => (c.propertyName ? choices[c.propertyName] : undefined);
  return (
    <Modal title="View changes" open={open} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Table<EntityChange>
        size="small"
        rowKey="id"
        loading={history.isFetching}
        dataSource={history.data?.items ?? []}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={FormMessages.noData} /> }}
        columns={[
          {
            key: 'time',
            title: 'Time',
            width: 200,
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (_, c) => when(c.changeTime),
          },
          { key: 'user', title: 'User', width: 150, render: (_, c) => c.user?.displayName ?? '' },
          {
            key: 'change',
            title: 'Change',
            width: 90,
            render: (_, c) => <Tag color={c.changeType === 'Updated' ? 'blue' : undefined}>{c.changeType}</Tag>,
          },
          {
            key: 'field',
            title: 'Field',
            width: 140,
            render: (_, c) => (c.propertyName ? (labels[c.propertyName] ?? humanize(c.propertyName)) : ''),
          },
          {
            key: 'from',
            title: 'Before',
            render: (_, c) => shown(c.originalValue, c.originalValueExtraInfo, timeZone, choicesOf(c)),
          },
          {
            key: 'to',
            title: 'After',
            render: (_, c) => shown(c.newValue, c.newValueExtraInfo, timeZone, choicesOf(c)),
          },
        ]}
      />
      {history.data && history.data.totalCount > history.data.items.length && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          The latest {history.data.items.length.toLocaleString('en-AU')} of{' '}
          {history.data.totalCount.toLocaleString('en-AU')} changes.
        </Typography.Text>
      )}
    </Modal>
  );
}
