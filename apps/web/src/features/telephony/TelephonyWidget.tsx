import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { TelephonyEndpoints as api } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';

type Party = 'claimant' | 'caseManager' | 'other';

/** The widget's frame and the call being made from a case (its result is recorded there). */
const current: { frame: HTMLIFrameElement | null; call: { caseId: string; party: Party } | null } = {
  frame: null,
  call: null,
};

/** Whether the call widget is on for this user (the tenant's setting, RingCentral set up, admin or staff). */
function useWidget() {
  const client = useApi();
  const can = useCan();
  const allowed = can(api.widget.access.permission!);
  const widget = useQuery({ ...endpointQuery(client, api.widget, {}), enabled: allowed, staleTime: 5 * 60_000 });
  return allowed && widget.data?.enabled ? widget.data : undefined;
}

/**
 * RingCentral Embeddable, docked at the bottom right when the tenant turns it on. A finished call started
 * from a case (CallButton) is posted to callresult, which records it in the case's correspondence.
 */
export function TelephonyWidget() {
  const widget = useWidget();
  const call = useCall();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const frame = useRef<HTMLIFrameElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    current.frame = frame.current;
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data as { type?: string; call?: { telephonySessionId?: string } };
      if (data?.type !== 'rc-call-end-notify' || !data.call?.telephonySessionId || !current.call) return;
      const made = current.call;
      current.call = null;
      void call(api.callResult, {
        body: { caseId: made.caseId, telephonySessionId: data.call.telephonySessionId, party: made.party },
      })
        .then(async () => {
          notification.success({ title: 'Success', description: 'The call has been recorded.', duration: 3 });
          await queryClient.invalidateQueries();
        })
        .catch(() => undefined);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      current.frame = null;
    };
  }, [widget, call, notification, queryClient]);

  if (!widget?.widgetUrl) return null;
  return (
    <div style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, textAlign: 'right' }}>
      <Button size="small" onClick={() => setOpen((o) => !o)} aria-label="Phone">
        {open ? 'Hide phone' : 'Phone'}
      </Button>
      <iframe
        ref={frame}
        title="Phone"
        src={widget.widgetUrl}
        allow="microphone; autoplay"
        style={{
          display: 'block',
          width: 300,
          height: open ? 460 : 0,
          border: open ? '1px solid #d9d9d9' : 0,
          background: '#fff',
        }}
      />
    </div>
  );
}

/** Click-to-call: a phone number of a case's claimant or case manager, called through the widget. */
export function CallButton({
  number,
  caseId,
  party,
}: {
  number: string | null | undefined;
  caseId: string;
  party: Party;
}) {
  const widget = useWidget();
  if (!widget || !number) return null;
  return (
    <Button
      size="small"
      onClick={() => {
        current.call = { caseId, party };
        current.frame?.contentWindow?.postMessage(
          { type: 'rc-adapter-new-call', phoneNumber: number, toCall: true },
          '*',
        );
      }}
    >
      Call {number}
    </Button>
  );
}
