import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  IndependenceEndpoints,
  IndependenceOutcomeLabels,
  INDEPENDENCE_OVERRIDE_REASON_MAX,
  independenceNeedsOverride,
  type CaseDto,
  type IndependenceCheckResult,
  type IndependenceRecordDto,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

const alertType = { CLEAR: 'success', WARNING: 'warning', BLOCKED: 'error' } as const;

/**
 * The independence check of the specialist chosen on a case's booking, shown before Save: clear, a
 * warning with its reasons, or blocked by the provider's rule. A newly chosen specialist's warning is gone
 * ahead with at Save, which asks for the reason; the case's own specialist's warning may be overridden
 * here with a reason, recorded on the case. The result last recorded on the case is shown under it, in words a case manager
 * can pass on.
 */
export function IndependencePanel({
  c,
  specialistId,
  canEdit,
}: {
  c: CaseDto;
  specialistId: string | null;
  canEdit: boolean;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notices = useNotices();
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const key = ['independence', c.id, specialistId ?? ''];
  const check = useQuery({
    queryKey: key,
    queryFn: () =>
      callEndpoint(api, IndependenceEndpoints.caseIndependence, {
        params: { id: c.id },
        query: specialistId ? { specialistId } : {},
      }),
  });
  const current = check.data?.current ?? null;
  const recorded = check.data?.recorded ?? null;

  async function override() {
    if (!specialistId) return;
    setSaving(true);
    try {
      await callEndpoint(api, IndependenceEndpoints.overrideIndependence, {
        params: { id: c.id },
        body: { specialistId, reason },
      });
      setReason('');
      notices.success('The override has been recorded on the case.');
      await queryClient.invalidateQueries({ queryKey: ['independence', c.id] });
    } catch (error) {
      notices.error(error instanceof Error ? error.message : 'The override was not recorded.');
    } finally {
      setSaving(false);
    }
  }

  if (!specialistId && !recorded) return null;
  const overridden = recorded?.overriddenBy && recorded.specialistId === specialistId;
  // A specialist chosen but not saved yet: Save asks for the reason a warning needs (decision 0031).
  const chosen = specialistId !== c.specialistId;
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 640 }} data-testid="independence-panel">
      {current && <CheckAlert result={current} />}
      {current && independenceNeedsOverride(current) && canEdit && chosen && (
        <Typography.Text type="secondary">
          Save asks for the reason for going ahead with this specialist.
        </Typography.Text>
      )}
      {current?.outcome === 'WARNING' && canEdit && !overridden && !chosen && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            aria-label="Reason for going ahead"
            placeholder="Reason for going ahead with this specialist"
            value={reason}
            maxLength={INDEPENDENCE_OVERRIDE_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
          <Button disabled={!reason.trim()} loading={saving} onClick={() => void override()}>
            Record override
          </Button>
        </Space>
      )}
      {recorded && <RecordedCheck recorded={recorded} />}
    </Space>
  );
}

function CheckAlert({ result }: { result: IndependenceCheckResult }) {
  return (
    <Alert
      type={alertType[result.outcome]}
      showIcon
      role="status"
      title={`Independence: ${IndependenceOutcomeLabels[result.outcome]}`}
      description={
        result.reasons.length === 0 ? (
          result.summary
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {result.reasons.map((r) => (
              <li key={r.message}>
                {r.message}
                {r.blocks ? ' This blocks the booking.' : ''}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}

function RecordedCheck({ recorded }: { recorded: IndependenceRecordDto }) {
  return (
    <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="independence-recorded">
      Recorded on the case: {IndependenceOutcomeLabels[recorded.outcome]}
      {recorded.overriddenBy
        ? `, overridden by ${recorded.overriddenBy}: “${recorded.overrideReason ?? ''}”`
        : ''}. {recorded.summary}
    </Typography.Paragraph>
  );
}
