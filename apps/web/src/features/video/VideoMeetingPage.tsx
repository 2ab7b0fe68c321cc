import { useEffect, useRef, useState, type CSSProperties } from 'react';
import {
  VIDEO_ROLE_LABELS,
  VideoEndpoints,
  VideoMessages,
  type VideoPeer,
  type VideoSessionDto,
} from '@casebook/domain';
import { postJson } from '../../http';
import { endpointUrl } from '../../platform/api/endpoints';
import { MeetingConnection, type RemotePeer } from './meeting-peers';

type Stage =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'waiting' }
  | { kind: 'joining' }
  | { kind: 'in'; self: VideoPeer; closesAt: string }
  | { kind: 'lost' }
  | { kind: 'ended'; message: string };

const page: CSSProperties = {
  minHeight: '100vh',
  margin: 0,
  padding: 24,
  background: '#101418',
  color: '#f2f4f6',
  fontFamily: 'system-ui, sans-serif',
  boxSizing: 'border-box',
};
const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
  gap: 16,
  marginTop: 16,
};
const tile: CSSProperties = { position: 'relative', background: '#000', borderRadius: 8, overflow: 'hidden' };
const videoStyle: CSSProperties = { width: '100%', aspectRatio: '4 / 3', display: 'block', objectFit: 'cover' };
const label: CSSProperties = {
  position: 'absolute',
  left: 8,
  bottom: 8,
  padding: '2px 8px',
  borderRadius: 4,
  background: 'rgba(0,0,0,0.6)',
  fontSize: 14,
};
const button: CSSProperties = {
  padding: '8px 20px',
  fontSize: 16,
  borderRadius: 6,
  border: 0,
  background: '#1677ff',
  color: '#fff',
  cursor: 'pointer',
};

function Tile({
  stream,
  name,
  muted,
  testId,
}: {
  stream: MediaStream | null;
  name: string;
  muted?: boolean;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <figure style={{ ...tile, margin: 0 }}>
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        style={videoStyle}
        data-testid={testId}
        aria-label={`Video of ${name}`}
      />
      <figcaption style={label}>{name}</figcaption>
    </figure>
  );
}

/** The external meeting tool offered instead, when the appointment has one. */
function Alternative({ s }: { s: VideoSessionDto }) {
  if (!s.alternativeVideoLink) return null;
  return (
    <p aria-label="Alternative meeting">
      If this meeting does not work for you, join with{' '}
      <a href={s.alternativeVideoLink} target="_blank" rel="noreferrer" style={{ color: '#69b1ff' }}>
        the external meeting link
      </a>
      {s.alternativeMeetingId ? ` (meeting ID ${s.alternativeMeetingId}` : ''}
      {s.alternativeMeetingPasscode ? `, passcode ${s.alternativeMeetingPasscode}` : ''}
      {s.alternativeMeetingId ? ')' : ''}.
    </p>
  );
}

const timeText = (isoTime: string) => new Date(isoTime).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * A participant's video meeting, opened from their own link (?token=; /view/dyte-meeting-demo also takes
 * ?authToken=) without signing in: a waiting room with their camera's
 * preview, then the meeting with everyone present; the end (time limit or closed by staff) is shown to all.
 */
export function VideoMeetingPage() {
  // `authToken` is the demo page's name for the same link token (decision 0117).
  const query = new URLSearchParams(window.location.search);
  const token = (query.get('token') ?? query.get('authToken'))?.trim() ?? '';
  const [session, setSession] = useState<VideoSessionDto | null>(null);
  const [stage, setStage] = useState<Stage>(token ? { kind: 'loading' } : { kind: 'refused', message: '' });
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [mediaProblem, setMediaProblem] = useState<string | null>(null);
  // Joining waits for the camera's answer, so a participant never joins without the media they have.
  const [mediaSettled, setMediaSettled] = useState(false);
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const connection = useRef<MeetingConnection | null>(null);
  const localRef = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void postJson<VideoSessionDto>(endpointUrl(VideoEndpoints.viewVideo), { token }).then((r) => {
      if (cancelled) return;
      if (!r.ok) return setStage({ kind: 'refused', message: r.message });
      setSession(r.body);
      setStage({ kind: 'waiting' });
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  // The camera and microphone for the waiting room's preview and the meeting.
  useEffect(() => {
    if (stage.kind !== 'waiting' || localRef.current) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setMediaProblem('This browser cannot use a camera here; you can still see and hear the others.');
      setMediaSettled(true);
      return;
    }
    void navigator.mediaDevices
      .getUserMedia({ video: true, audio: true })
      .then((stream) => {
        localRef.current = stream;
        setLocal(stream);
      })
      .catch(() =>
        setMediaProblem('Your camera or microphone is not available; you can still see and hear the others.'),
      )
      .finally(() => setMediaSettled(true));
  }, [stage.kind]);

  useEffect(
    () => () => {
      connection.current?.leave();
      for (const t of localRef.current?.getTracks() ?? []) t.stop();
    },
    [],
  );

  const stopMedia = () => {
    for (const t of localRef.current?.getTracks() ?? []) t.stop();
    localRef.current = null;
    setLocal(null);
  };

  const join = async () => {
    if (!session) return;
    setStage({ kind: 'joining' });
    const c = new MeetingConnection(token, session.iceServers, localRef.current, {
      onPeers: setPeers,
      onEnded: (message) => {
        stopMedia();
        setStage({ kind: 'ended', message });
      },
      onLost: () => setStage((s) => (s.kind === 'ended' ? s : { kind: 'lost' })),
    });
    connection.current = c;
    const r = await c.join();
    if (r.ok) setStage({ kind: 'in', self: r.self, closesAt: r.closesAt });
    else {
      c.leave();
      stopMedia();
      setStage(
        r.error === VideoMessages.ended ? { kind: 'ended', message: r.error } : { kind: 'refused', message: r.error },
      );
    }
  };

  const leave = () => {
    connection.current?.leave();
    connection.current = null;
    setPeers([]);
    setStage({ kind: 'waiting' });
  };

  if (!token) {
    return (
      <main style={page}>
        <h1 style={{ fontSize: 22 }}>Video Meeting</h1>
        <p role="alert">{VideoMessages.missingToken}</p>
      </main>
    );
  }
  if (stage.kind === 'loading') return <main style={page} aria-busy="true" />;
  if (stage.kind === 'refused') {
    return (
      <main style={page}>
        <h1 style={{ fontSize: 22 }}>Video Meeting</h1>
        <p role="alert">{stage.message}</p>
      </main>
    );
  }
  const s = session!;
  const me = `${s.name} (${VIDEO_ROLE_LABELS[s.role]})`;
  return (
    <main style={page} data-stage={stage.kind}>
      <header style={{ display: 'flex', alignItems: 'baseline', gap: 16, flexWrap: 'wrap' }}>
        <h1 style={{ fontSize: 22, margin: 0 }}>{s.title}</h1>
        <span style={{ opacity: 0.8 }}>{s.tenantName}</span>
        {stage.kind === 'in' && (
          <span style={{ marginLeft: 'auto', opacity: 0.8 }}>Closes at {timeText(stage.closesAt)}</span>
        )}
      </header>

      {stage.kind === 'ended' && (
        <section role="status" style={{ marginTop: 32, fontSize: 20 }}>
          <p>{stage.message}</p>
          <p style={{ fontSize: 15, opacity: 0.8 }}>You can close this page.</p>
        </section>
      )}

      {(stage.kind === 'waiting' || stage.kind === 'joining' || stage.kind === 'lost') && (
        <section aria-label="Waiting room" style={{ maxWidth: 560 }}>
          <p>
            You are joining as <strong>{me}</strong>.
            {s.appointmentDateFrom
              ? ` Appointment: ${s.appointmentDateFrom.replace('T', ' ')} (${s.appointmentTimeZone}).`
              : ''}
          </p>
          {stage.kind === 'lost' && <p role="alert">The connection to the meeting was lost.</p>}
          <Tile stream={local} name={`${s.name} (you)`} muted testId="preview-video" />
          {mediaProblem && <p role="alert">{mediaProblem}</p>}
          <p>The meeting closes {s.limitMinutes} minutes after its first participant joins.</p>
          <button
            type="button"
            style={button}
            disabled={stage.kind === 'joining' || !mediaSettled}
            onClick={() => void join()}
          >
            {stage.kind === 'lost' ? 'Join again' : 'Join meeting'}
          </button>
          <Alternative s={s} />
        </section>
      )}

      {stage.kind === 'in' && (
        <>
          <p aria-live="polite">
            {peers.length === 0
              ? 'Waiting for the others to join…'
              : `In the meeting: ${peers.map((p) => `${p.name} (${VIDEO_ROLE_LABELS[p.role]})`).join(', ')}`}
          </p>
          <div style={grid}>
            {peers.map((p) => (
              <Tile
                key={p.peerId}
                stream={p.stream}
                name={`${p.name} (${VIDEO_ROLE_LABELS[p.role]})`}
                testId="remote-video"
              />
            ))}
            <Tile stream={local} name={`${s.name} (you)`} muted testId="self-video" />
          </div>
          <p style={{ marginTop: 16 }}>
            <button type="button" style={{ ...button, background: '#d4380d' }} onClick={leave}>
              Leave
            </button>
          </p>
        </>
      )}
    </main>
  );
}
