import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Input, List, Row, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import {
  caseDetailPath,
  documentRecordPath,
  PersonDetailBases,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  SearchEndpoints,
  type SearchPersonHit,
} from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { useDebouncedValue } from '../../platform/controls/useDebouncedValue';
import { dateText } from '../../platform/time';

type Row = { key: string; path: string; title: ReactNode; description: ReactNode };

function Group({ title, rows, onOpen }: { title: string; rows: Row[]; onOpen(path: string): void }) {
  return (
    <Card size="small" title={`${title} (${rows.length})`} className="search-group" data-group={title}>
      <List<Row>
        size="small"
        dataSource={rows}
        locale={{ emptyText: `No ${title.toLowerCase()} found` }}
        renderItem={(row) => (
          <List.Item key={row.key}>
            <List.Item.Meta
              title={
                <Typography.Link
                  href={row.path}
                  onClick={(e) => {
                    e.preventDefault();
                    onOpen(row.path);
                  }}
                >
                  {row.title}
                </Typography.Link>
              }
              description={row.description}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

const contact = (p: SearchPersonHit) => [p.companyName, p.email, p.phone].filter(Boolean).join(' · ');

/**
 * /view/universal-search (Combined Task Search): one box over cases of every module, claimants, case
 * managers, specialists and documents, by number, name, e-mail or phone; each result opens its record.
 */
export function UniversalSearchPage() {
  const api = useApi();
  const { open } = useWorkspace();
  const [typed, setTyped] = useState('');
  const text = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...endpointQuery(api, SearchEndpoints.universal, { query: { text } }),
    enabled: text.length >= SEARCH_MIN_LENGTH,
  });
  const r = search.data;

  const people = (hits: SearchPersonHit[], base: string): Row[] =>
    hits.map((p) => ({ key: p.id, path: `${base}/detail/${p.id}`, title: p.name, description: contact(p) }));

  return (
    <div className="screen" style={{ maxWidth: 'none' }}>
      <h1 className="screen-title">Combined Task Search</h1>
      <Input.Search
        aria-label="Search everything"
        placeholder="Case number, name, e-mail or phone"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        loading={search.isFetching}
        allowClear
        autoFocus
        style={{ maxWidth: 560, marginBottom: 16 }}
      />
      {text.length < SEARCH_MIN_LENGTH || !r ? (
        <Empty
          description={
            text.length < SEARCH_MIN_LENGTH
              ? `Type at least ${SEARCH_MIN_LENGTH} characters of a case number, name, e-mail or phone`
              : 'Searching…'
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Group
              title="Cases"
              onOpen={(path) => open({ path })}
              rows={r.cases.map((c) => ({
                key: c.id,
                path: caseDetailPath(c.serviceType, c.id),
                title: (
                  <>
                    {c.caseNo} <Tag>{c.moduleTitle}</Tag>
                  </>
                ),
                description: [
                  c.claimantName,
                  c.companyName,
                  c.statusLabel,
                  c.appointmentDate && dateText(c.appointmentDate),
                ]
                  .filter(Boolean)
                  .join(' · '),
              }))}
            />
          </Col>
          <Col xs={24} xl={12}>
            <Group
              title="Claimants"
              onOpen={(path) => open({ path })}
              rows={people(r.claimants, PersonDetailBases.claimant)}
            />
          </Col>
          <Col xs={24} xl={12}>
            <Group
              title="Case Managers"
              onOpen={(path) => open({ path })}
              rows={people(r.caseManagers, PersonDetailBases.caseManager)}
            />
          </Col>
          <Col xs={24} xl={12}>
            <Group
              title="Specialists"
              onOpen={(path) => open({ path })}
              rows={people(r.specialists, PersonDetailBases.specialist)}
            />
          </Col>
          <Col xs={24}>
            <Group
              title="Documents"
              onOpen={(path) => open({ path })}
              rows={r.documents.map((d) => ({
                key: d.id,
                path: documentRecordPath(d),
                title: d.name,
                description: [d.attachmentType, d.recordName].filter(Boolean).join(' · '),
              }))}
            />
          </Col>
        </Row>
      )}
    </div>
  );
}
