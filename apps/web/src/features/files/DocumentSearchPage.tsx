import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { AttachmentEndpoints, FormMessages, type DocumentSearchHit } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { PdfViewerModal } from './PdfViewerModal';

/** /view/docs-search and /view/documents-search: words inside uploaded documents. */
export function DocumentSearchPage() {
  const api = useApi();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [viewing, setViewing] = useState<DocumentSearchHit | null>(null);
  const search = useQuery({
    ...endpointQuery(api, AttachmentEndpoints.documentSearch, { query: { keyword, maxResultCount: 50 } }),
    enabled: keyword.trim() !== '',
  });

  return (
    <div className="screen">
      <h1 className="screen-title">Document Search</h1>
      <Card>
        <Input.Search
          aria-label="Search documents"
          placeholder="Words in the documents"
          enterButton="Search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            // Searching the same words again looks again (documents are read just after upload).
            if (value.trim() === keyword) void search.refetch();
            else setKeyword(value.trim());
          }}
          allowClear
          style={{ maxWidth: 520, marginBottom: 16 }}
        />
        {keyword === '' ? (
          <Empty description="Type a word to search inside documents" />
        ) : (
          <Table<DocumentSearchHit>
            rowKey="id"
            loading={search.isFetching}
            dataSource={search.data?.items ?? []}
            locale={{ emptyText: FormMessages.noData }}
            pagination={false}
            columns={[
              { title: 'Case', dataIndex: 'objectName', render: (v: string | null, r) => v ?? r.attachmentFrom },
              { title: 'Type', dataIndex: 'attachmentType', render: (v: string | null) => v ?? '' },
              { title: 'Document', dataIndex: 'name' },
              {
                title: 'Found',
                dataIndex: 'snippet',
                // The server escapes the document's text; only <mark> is markup.
                render: (v: string) => (
                  <Typography.Text className="doc-snippet">
                    <span dangerouslySetInnerHTML={{ __html: v }} />
                  </Typography.Text>
                ),
              },
              {
                title: '',
                key: 'view',
                render: (_: unknown, r) =>
                  /\.pdf$/i.test(r.fileName) ? (
                    <Button size="small" onClick={() => setViewing(r)}>
                      View
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </Card>
      <PdfViewerModal fileId={viewing?.fileId ?? null} title={viewing?.name} onClose={() => setViewing(null)} />
    </div>
  );
}
