import { Alert, Button, Card, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  BookingAssistantEndpoints,
  CaseEndpoints,
  SchedulingEndpoints,
  type AssistantProposal,
  type BookingAssistantAnswer,
} from '@casebook/domain';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';

type Turn =
  | { kind: 'question'; text: string }
  | { kind: 'answer'; answer: BookingAssistantAnswer }
  | { kind: 'done'; text: string }
  | { kind: 'failed'; text: string };

const EXAMPLES = [
  'First available orthopaedic surgeon in Brisbane next week for a video IME',
  "Move John Smith's appointment to Thursday",
  'What is outstanding on IME-1042?',
];

/**
 * The booking assistant's chat: a question, its answer with the sessions or cases found, and the
 * actions it proposes. Nothing is booked or moved until the user presses a proposal's button, which
 * calls the booking or reschedule endpoint with its own rules.
 */
export function BookingAssistantPanel() {
  const api = useApi();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [spent, setSpent] = useState<ReadonlySet<string>>(new Set());

  const ask = async (text: string) => {
    const q = text.trim();
    if (!q || asking) return;
    setTurns((t) => [...t, { kind: 'question', text: q }]);
    setQuestion('');
    setAsking(true);
    try {
      const answer = await callEndpoint(api, BookingAssistantEndpoints.ask, { body: { question: q } });
      setTurns((t) => [...t, { kind: 'answer', answer }]);
    } catch (error) {
      setTurns((t) => [...t, { kind: 'failed', text: errorMessage(error) }]);
    } finally {
      setAsking(false);
    }
  };

  const confirm = async (p: AssistantProposal) => {
    const key = `${p.kind}:${p.sessionId}:${p.caseId ?? ''}`;
    setConfirming(key);
    try {
      if (p.kind === 'book') {
        const s = await callEndpoint(api, SchedulingEndpoints.book, { params: { id: p.sessionId }, body: {} });
        setTurns((t) => [
          ...t,
          { kind: 'done', text: `Booked: ${s.specialistName}, ${s.displayFrom} (${s.slotStatusLabel}).` },
        ]);
      } else {
        const c = await callEndpoint(api, CaseEndpoints.rescheduleAppointment, {
          params: { id: p.caseId! },
          body: { concurrencyStamp: p.caseConcurrencyStamp!, sessionId: p.sessionId },
        });
        setTurns((t) => [
          ...t,
          {
            kind: 'done',
            text: `Moved ${c.caseNo}: appointment ${c.appointmentDate ?? ''} ${c.appointmentTime ?? ''}`.trim() + '.',
          },
        ]);
      }
      setSpent((s) => new Set([...s, key]));
    } catch (error) {
      setTurns((t) => [...t, { kind: 'failed', text: errorMessage(error) }]);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <div className="booking-assistant" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div
        role="log"
        aria-label="Booking assistant conversation"
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {turns.length === 0 && (
          <Typography.Paragraph type="secondary">
            Ask about availability, a case, or moving an appointment. For example:
            <br />
            {EXAMPLES.map((e) => (
              <Button key={e} type="link" size="small" onClick={() => setQuestion(e)}>
                {e}
              </Button>
            ))}
          </Typography.Paragraph>
        )}
        {turns.map((turn, i) => {
          switch (turn.kind) {
            case 'question':
              return (
                <Typography.Text key={i} strong aria-label="Your question">
                  {turn.text}
                </Typography.Text>
              );
            case 'failed':
              return <Alert key={i} type="error" showIcon message={turn.text} />;
            case 'done':
              return <Alert key={i} type="success" showIcon message={turn.text} />;
            case 'answer':
              return (
                <AnswerCard
                  key={i}
                  answer={turn.answer}
                  confirming={confirming}
                  spent={spent}
                  onConfirm={(p) => void confirm(p)}
                />
              );
          }
        })}
      </div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="Question"
          placeholder="Ask the booking assistant"
          value={question}
          maxLength={500}
          onChange={(e) => setQuestion(e.target.value)}
          onPressEnter={() => void ask(question)}
        />
        <Button type="primary" loading={asking} onClick={() => void ask(question)}>
          Ask
        </Button>
      </Space.Compact>
    </div>
  );
}

function AnswerCard({
  answer,
  confirming,
  spent,
  onConfirm,
}: {
  answer: BookingAssistantAnswer;
  confirming: string | null;
  spent: ReadonlySet<string>;
  onConfirm: (p: AssistantProposal) => void;
}) {
  return (
    <Card size="small" aria-label="Assistant answer">
      <Typography.Paragraph style={{ marginBottom: 8 }}>{answer.reply}</Typography.Paragraph>
      {answer.sessions.length > 0 && (
        <List
          size="small"
          aria-label="Sessions found"
          dataSource={answer.sessions}
          renderItem={(s) => (
            <List.Item>
              {s.specialistName}
              {s.specialty ? ` (${s.specialty})` : ''} · {s.displayFrom} ·{' '}
              {s.isVideoAppointment ? <Tag>Video</Tag> : (s.centreName ?? '')}
            </List.Item>
          )}
        />
      )}
      {answer.cases.length > 0 && (
        <List
          size="small"
          aria-label="Cases found"
          dataSource={answer.cases}
          renderItem={(c) => (
            <List.Item>
              <Space direction="vertical" size={0}>
                <span>
                  {c.caseNo} · {c.claimantName} · {c.status}
                </span>
                {c.outstanding.length > 0 && (
                  <Typography.Text type="secondary">Outstanding: {c.outstanding.join(', ')}</Typography.Text>
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
      {answer.proposals.length > 0 && (
        <Space wrap style={{ marginTop: 8 }}>
          {answer.proposals.map((p) => {
            const key = `${p.kind}:${p.sessionId}:${p.caseId ?? ''}`;
            return (
              <Button
                key={key}
                size="small"
                loading={confirming === key}
                disabled={spent.has(key) || (confirming !== null && confirming !== key)}
                onClick={() => onConfirm(p)}
              >
                {p.label}
              </Button>
            );
          })}
        </Space>
      )}
    </Card>
  );
}
