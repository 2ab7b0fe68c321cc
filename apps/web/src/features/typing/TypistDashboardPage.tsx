import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { TypistJobEndpoints as api } from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';

/** /view/dashboard-typist: the typist's jobs at a glance (everyone's for the office), each opening its list. */
export function TypistDashboardPage() {
  const client = useApi();
  const { open } = useWorkspace();
  const summary = useQuery(endpointQuery(client, api.summary));
  const s = summary.data;
  const card = (title: string, value: number | undefined, path: string) => (
    <Col xs={24} sm={8}>
      <Card hoverable onClick={() => open({ path })} loading={summary.isLoading}>
        <Statistic title={title} value={value ?? 0} />
      </Card>
    </Col>
  );
  return (
    <div className="screen">
      <h1 className="screen-title">Typist Dashboard</h1>
      <Row gutter={16}>
        {card('Incomplete jobs', s?.incomplete, '/view/case-typist-incomplete-jobs')}
        {card('Overdue jobs', s?.overdue, '/view/case-typist-incomplete-jobs')}
        {card('Completed jobs', s?.completed, '/view/case-typist-completed-jobs')}
      </Row>
    </div>
  );
}
