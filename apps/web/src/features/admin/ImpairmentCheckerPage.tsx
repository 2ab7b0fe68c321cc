import { Alert, Button, Card, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { combineImpairments, isWholePercent } from '@casebook/domain';

type Row = { key: number; part: string; wpi: number | null };

/**
 * /view/impairmentChecker: whole-person impairments of a report combined by the AMA Guides' Combined Values
 * Chart (decision 0112), to check a specialist's stated total. Nothing is stored.
 */
export function ImpairmentCheckerPage() {
  const [rows, setRows] = useState<Row[]>([
    { key: 1, part: '', wpi: null },
    { key: 2, part: '', wpi: null },
  ]);
  const [stated, setStated] = useState<number | null>(null);
  const next = Math.max(0, ...rows.map((r) => r.key)) + 1;
  const change = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const values = rows.map((r) => r.wpi).filter((v): v is number => v !== null && isWholePercent(v));
  const result = combineImpairments(values);

  return (
    <div className="screen impairment-checker">
      <h1 className="screen-title">Impairment Checker</h1>
      <Typography.Paragraph type="secondary">
        Enter each whole-person impairment (WPI) as a whole percent. They are combined largest first by the Combined
        Values Chart (A + B × (100 − A) / 100, rounded at each step), never added.
      </Typography.Paragraph>
      <Space align="start" wrap size="large">
        <Card title="Impairments" style={{ minWidth: 460 }}>
          <Table<Row>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            columns={[
              {
                title: 'Body part or condition',
                render: (_, r, i) => (
                  <Input
                    aria-label={`Body part ${i + 1}`}
                    value={r.part}
                    maxLength={120}
                    onChange={(e) => change(r.key, { part: e.target.value })}
                  />
                ),
              },
              {
                title: 'WPI %',
                width: 120,
                render: (_, r, i) => (
                  <InputNumber
                    aria-label={`WPI ${i + 1}`}
                    min={0}
                    max={100}
                    precision={0}
                    value={r.wpi}
                    onChange={(v) => change(r.key, { wpi: v ?? null })}
                  />
                ),
              },
              {
                title: '',
                width: 80,
                render: (_, r, i) => (
                  <Button
                    size="small"
                    aria-label={`Remove ${i + 1}`}
                    disabled={rows.length === 1}
                    onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                  >
                    Remove
                  </Button>
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 12 }}>
            <Button onClick={() => setRows((rs) => [...rs, { key: next, part: '', wpi: null }])}>Add impairment</Button>
            <Button
              onClick={() => {
                setRows([{ key: next, part: '', wpi: null }]);
                setStated(null);
              }}
            >
              Clear
            </Button>
          </Space>
        </Card>
        <Card title="Combined WPI" style={{ minWidth: 320 }}>
          <Typography.Title level={2} aria-label="Combined WPI" style={{ marginTop: 0 }}>
            {result.combined}%
          </Typography.Title>
          {result.steps.length > 0 && (
            <ol aria-label="Combination steps" style={{ paddingLeft: 18 }}>
              {result.steps.map((s, i) => (
                <li key={i}>
                  {s.from}% combined with {s.with}% = {s.result}%
                </li>
              ))}
            </ol>
          )}
          <Typography.Text type="secondary">
            Sum of the values: {values.reduce((a, b) => a + b, 0)}% (not a WPI)
          </Typography.Text>
          <div style={{ marginTop: 16 }}>
            <Space>
              <span>Total stated in the report</span>
              <InputNumber
                aria-label="Stated total"
                min={0}
                max={100}
                precision={0}
                value={stated}
                onChange={(v) => setStated(v ?? null)}
              />
            </Space>
          </div>
          {stated !== null && values.length > 0 && (
            <Alert
              style={{ marginTop: 12 }}
              showIcon
              type={stated === result.combined ? 'success' : 'warning'}
              message={
                stated === result.combined
                  ? 'The stated total matches the combined WPI.'
                  : `The stated total (${stated}%) differs from the combined WPI (${result.combined}%).`
              }
            />
          )}
        </Card>
      </Space>
    </div>
  );
}
