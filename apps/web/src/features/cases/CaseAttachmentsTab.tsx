import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import {
  allowedExtensions,
  AttachmentEndpoints,
  canDeleteFiles,
  checkSelection,
  FormMessages,
  formatFileSize,
  isDemoAccount,
  FileEndpoints,
  Permissions,
  UploadMessages,
  type AttachmentDto,
  type EndpointOutput,
  type LoiData,
  ResourceEndpoints,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { ApiError, useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, endpointUrl, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { saveFile } from '../../platform/resources/saveFile';
import { useInstantText } from '../../platform/time';
import { PdfViewerModal } from '../files/PdfViewerModal';
import { LoiReviewDialog } from './LoiReviewDialog';

/** Files one pick may add to a case. */
export const CASE_UPLOAD_MAX_FILES = 10;
const ALLOWED = allowedExtensions('any');
const FROM = 'IME' as const;

const isPdf = (a: AttachmentDto) => a.type === 'pdf';
/** Documents a letter of instruction can be read from. */
const isLetter = (a: AttachmentDto) => ['pdf', 'docx', 'txt', 'rtf'].includes(a.type);

/**
 * The Attachments tab of an IME case: upload (the spec's upload rules and messages), the case's files
 * with type, pages and size, the PDF viewer, download, summary, merge, delete and Remove All.
 * Contractors cannot delete or Remove All; demo accounts cannot upload, download all or use row actions.
 */
export function CaseAttachmentsTab({ caseId }: { caseId: string }) {
  const api = useApi();
  const call = useCall();
  const when = useInstantText();
  const notices = useNotices();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { user, tenant } = useSession();
  const demo = isDemoAccount(user.roles, tenant.settings);
  const can = useCan();
  // The route's permission and the service's rule for contractors, both as the server checks them.
  const canDelete = !demo && can(Permissions.files.delete) && canDeleteFiles(user.roles);
  const ofCase = { attachmentFrom: FROM, objectId: caseId };
  const list = useQuery({
    ...endpointQuery(api, AttachmentEndpoints.listAttachments, { query: ofCase }),
    // A file's text and page count are read in the background: look again while any is being read.
    refetchInterval: (q) => (q.state.data?.items.some((a) => a.textStatus === 'pending') ? 2000 : false),
  });
  const types = useQuery({
    ...endpointQuery(api, ResourceEndpoints['attachment-types'].list, { query: { maxResultCount: 200 } }),
    enabled: !demo,
  });
  const [typeId, setTypeId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const [viewing, setViewing] = useState<AttachmentDto | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [merging, setMerging] = useState<string | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: endpointKey(AttachmentEndpoints.listAttachments, { query: ofCase }) });
  const items = list.data?.items ?? [];

  const uploadOne = async (file: File) => {
    try {
      const form = new FormData();
      form.set('name', file.name);
      form.set('file', file, file.name);
      // A multipart body, which the typed client does not send: the declared path and answer instead.
      const stored = await api.post<EndpointOutput<typeof FileEndpoints.upload>>(FileEndpoints.upload.path, form, {
        silent: true,
      });
      await call(AttachmentEndpoints.createAttachment, {
        body: { fileId: stored.id, ...ofCase, ...(typeId ? { attachmentTypeId: typeId } : {}) },
      });
    } catch (error) {
      // The server's own message (type, size, storage) when it refused the file, else the spec's failure message.
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      notices.error(refused ? error.message : UploadMessages.failed(file.name));
    }
  };

  const picked = async (files: File[]) => {
    const { accepted, errors } = checkSelection(files, 0, { allowed: ALLOWED, maxCount: CASE_UPLOAD_MAX_FILES });
    for (const error of errors) notices.error(error);
    if (accepted.length === 0) return;
    setUploading((n) => n + accepted.length);
    for (const file of accepted) {
      await uploadOne(file);
      setUploading((n) => n - 1);
    }
    await refresh();
  };

  const download = async (a: AttachmentDto) => {
    const { token } = await call(FileEndpoints.generateDownloadToken, { query: { fileId: a.fileId } });
    window.open(endpointUrl(FileEndpoints.download, { query: { token } }), '_blank', 'noopener');
  };

  const [letter, setLetter] = useState<{ name: string; data: LoiData } | null>(null);
  const readLetter = async (a: AttachmentDto) => {
    const data = await call(AttachmentEndpoints.extractLoiData, {
      params: { id: a.id },
      body: { disableCache: false },
    });
    setLetter({ name: a.name, data });
  };

  const summary = async (a: AttachmentDto) => {
    const { summaryText } = await call(AttachmentEndpoints.summaryDocument, { params: { id: a.id } });
    await refresh();
    modal.info({ title: `Summary: ${a.name}`, content: summaryText, width: 640 });
  };

  const remove = (a: AttachmentDto) =>
    modal.confirm({
      title: UploadMessages.confirmDelete,
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        await call(AttachmentEndpoints.deleteAttachment, { params: { id: a.id } });
        notices.success('Data has been deleted successfully.');
        await refresh();
      },
    });

  const removeAll = () =>
    modal.confirm({
      title: UploadMessages.confirmDeleteAll,
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        await call(AttachmentEndpoints.deleteAllAttachments, { query: ofCase });
        notices.success('Data has been deleted successfully.');
        setSelected([]);
        await refresh();
      },
    });

  const downloadAll = async () => {
    const { blob } = await call(AttachmentEndpoints.downloadAllByLink, { query: ofCase });
    saveFile(blob, 'attachments.zip');
  };

  const merge = async () => {
    if (!merging?.trim()) return;
    await call(AttachmentEndpoints.mergeFiles, { body: { attachmentIds: selected, name: merging.trim() } });
    notices.success();
    setMerging(null);
    setSelected([]);
    await refresh();
  };

  const selectedPdfs = items.filter((a) => selected.includes(a.id) && isPdf(a) && !a.isCleanup);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {!demo && (
          <>
            <Select
              aria-label="Document type"
              placeholder="Document type"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 240 }}
              value={typeId}
              onChange={(v) => setTypeId(v ?? null)}
              options={(types.data?.items ?? []).map((t) => ({
                value: t.id,
                label: 'name' in t ? t.name : t.displayName,
              }))}
            />
            <Upload
              multiple
              showUploadList={false}
              accept={ALLOWED.map((e) => `.${e}`).join(',')}
              beforeUpload={(file, fileList) => {
                // antd asks once per file; the whole pick is checked once, on its first file.
                if (file === fileList[0]) void picked(fileList);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading > 0}>
                Upload
              </Button>
            </Upload>
            <Button icon={<DownloadOutlined />} disabled={items.length === 0} onClick={() => void downloadAll()}>
              Download all
            </Button>
            <Button
              disabled={selectedPdfs.length < 2}
              onClick={() => setMerging(`Merged ${selectedPdfs.length} files`)}
            >
              Merge
            </Button>
          </>
        )}
        {canDelete && (
          <Button danger icon={<DeleteOutlined />} disabled={items.length === 0} onClick={removeAll}>
            Remove All
          </Button>
        )}
      </Space>
      <Table<AttachmentDto>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={items}
        locale={{ emptyText: FormMessages.noData }}
        pagination={false}
        {...(demo
          ? {}
          : {
              rowSelection: {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (a: AttachmentDto) => ({ disabled: !isPdf(a) || a.isCleanup, name: a.name }),
              },
            })}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Document type', key: 'attachmentType', render: (_, a) => a.attachmentType?.name ?? '' },
          { title: 'Type', dataIndex: 'type', render: (v: string) => v.toUpperCase() },
          { title: 'Pages', dataIndex: 'numberOfPages', render: (v: number | null) => v ?? '' },
          { title: 'Size', dataIndex: 'fileSizeInByte', render: (v: number) => formatFileSize(v) },
          {
            title: 'Uploaded',
            dataIndex: 'creationTime',
            render: (v: string) => when(v),
          },
          {
            title: 'Text',
            dataIndex: 'textStatus',
            render: (v: AttachmentDto['textStatus'], a) =>
              a.isCleanup ? (
                <Tag>Cleaned up</Tag>
              ) : v === 'error' ? (
                <Tag color="red">Could not be read</Tag>
              ) : v === 'tooLarge' ? (
                <Tag>Not indexed (over 50 MB)</Tag>
              ) : v === 'pending' ? (
                <Tag color="blue">Reading</Tag>
              ) : v === 'done' ? (
                <Tag color="green">Searchable</Tag>
              ) : null,
          },
          ...(demo
            ? []
            : [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, a: AttachmentDto) => (
                    <Space size={4} wrap>
                      {isPdf(a) && !a.isCleanup && (
                        <Button size="small" onClick={() => setViewing(a)}>
                          View
                        </Button>
                      )}
                      {!a.isCleanup && (
                        <Button size="small" onClick={() => void download(a)}>
                          Download
                        </Button>
                      )}
                      {(a.textStatus === 'done' || a.textStatus === 'pending') && (
                        <Button size="small" onClick={() => void summary(a)}>
                          Summary
                        </Button>
                      )}
                      {isLetter(a) && !a.isCleanup && (
                        <Button size="small" onClick={() => void readLetter(a)}>
                          Read letter
                        </Button>
                      )}
                      {canDelete && (
                        <Button size="small" danger onClick={() => remove(a)}>
                          Delete
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]),
        ]}
      />
      <PdfViewerModal fileId={viewing?.fileId ?? null} title={viewing?.name} onClose={() => setViewing(null)} />
      <LoiReviewDialog
        caseId={caseId}
        name={letter?.name ?? ''}
        data={letter?.data ?? null}
        onClose={() => setLetter(null)}
      />
      <Modal
        open={merging !== null}
        title="Merge PDF files"
        okText="Merge"
        onOk={() => void merge()}
        onCancel={() => setMerging(null)}
        okButtonProps={{ disabled: !merging?.trim() }}
        destroyOnHidden
      >
        <Typography.Paragraph>{selectedPdfs.map((a) => a.name).join(', ')}</Typography.Paragraph>
        <Input aria-label="Merged file name" value={merging ?? ''} onChange={(e) => setMerging(e.target.value)} />
      </Modal>
    </Space>
  );
}
