import { Alert, Modal, Spin } from 'antd';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { FileEndpoints, UploadMessages } from '@casebook/domain';
import { endpointUrl, useCall } from '../../platform/api/endpoints';

/** The viewer's size rules: 800×600 to start, never smaller than 300×200, 30 px from the top. */
export const PDF_VIEWER = { width: 800, height: 600, minWidth: 300, minHeight: 200, top: 30 } as const;

type Props = { fileId: string | null; title?: string; onClose(): void };

/**
 * A resizable modal showing a PDF. The file is fetched as a blob through a short-lived download token
 * (no bearer header needed), and shown by the browser's own PDF viewer.
 */
export function PdfViewerModal({ fileId, title, onClose }: Props) {
  const call = useCall();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [size, setSize] = useState<{ width: number; height: number }>({
    width: PDF_VIEWER.width,
    height: PDF_VIEWER.height,
  });
  const drag = useRef<{ x: number; y: number; width: number; height: number } | null>(null);

  useEffect(() => {
    if (!fileId) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setFailed(false);
    setUrl(null);
    (async () => {
      try {
        const { token } = await call(FileEndpoints.generateDownloadToken, { query: { fileId } }, { silent: true });
        const response = await fetch(endpointUrl(FileEndpoints.download, { query: { token } }));
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setUrl(objectUrl);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [call, fileId]);

  const startResize = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    drag.current = { x: event.clientX, y: event.clientY, ...size };
    const move = (e: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      setSize({
        width: Math.max(PDF_VIEWER.minWidth, d.width + e.clientX - d.x),
        height: Math.max(PDF_VIEWER.minHeight, d.height + e.clientY - d.y),
      });
    };
    const up = () => {
      drag.current = null;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <Modal
      open={fileId !== null}
      title={title ?? 'Document'}
      onCancel={onClose}
      footer={null}
      width={size.width}
      style={{ top: PDF_VIEWER.top }}
      destroyOnHidden
      className="pdf-viewer"
    >
      <div data-testid="pdf-viewer-body" style={{ height: size.height, position: 'relative' }}>
        {failed ? (
          <Alert type="error" title={UploadMessages.pdfFailed} showIcon />
        ) : url ? (
          <iframe title={title ?? 'PDF'} src={url} style={{ width: '100%', height: '100%', border: 0 }} />
        ) : (
          <Spin />
        )}
        <div
          role="separator"
          aria-label="Resize"
          onPointerDown={startResize}
          style={{
            position: 'absolute',
            right: -12,
            bottom: -12,
            width: 16,
            height: 16,
            cursor: 'nwse-resize',
            borderRight: '3px solid #999',
            borderBottom: '3px solid #999',
          }}
        />
      </div>
    </Modal>
  );
}
