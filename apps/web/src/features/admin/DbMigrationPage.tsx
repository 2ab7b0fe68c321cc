import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Tag } from 'antd';
import { useState } from 'react';
import { MigrationEndpoints, type MigrationResultDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

/**
 * /view/db-migration (host only): the database's migrations, and the button that applies the pending
 * ones and re-runs the table security rules (decision 0102).
 */
export function DbMigrationPage() {
  const api = useApi();
  const call = useCall();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const status = useQuery(endpointQuery(api, MigrationEndpoints.status));
  const [running, setRunning] = useState(false);
  const [last, setLast] = useState<MigrationResultDto | null>(null);

  const run = async () => {
    setRunning(true);
    try {
      const result = await call(MigrationEndpoints.migrateStoreProcedures);
      setLast(result);
      notices.success(result.message);
      await queryClient.invalidateQueries({ queryKey: endpointKey(MigrationEndpoints.status) });
    } finally {
      setRunning(false);
    }
  };

  const pending = status.data?.pending ?? [];
  return (
    <div className="screen">
      <h1 className="screen-title">Database Migration</h1>
      <Card>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Migrations">{status.data ? status.data.total : '…'}</Descriptions.Item>
          <Descriptions.Item label="Applied">{status.data ? status.data.applied : '…'}</Descriptions.Item>
          <Descriptions.Item label="Latest applied">{status.data?.lastApplied ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Pending">
            {status.data && pending.length === 0 ? (
              <Tag color="green">None</Tag>
            ) : (
              pending.map((tag) => <Tag key={tag}>{tag}</Tag>)
            )}
          </Descriptions.Item>
        </Descriptions>
        <Button type="primary" loading={running} onClick={() => void run()}>
          Migrate Store Procedures
        </Button>
        {last && (
          <p className="muted-text" role="status" style={{ marginTop: 12 }}>
            {last.applied.length === 0
              ? 'No migration was pending; the table security rules were applied again.'
              : `Applied: ${last.applied.join(', ')}.`}
          </p>
        )}
      </Card>
    </div>
  );
}
