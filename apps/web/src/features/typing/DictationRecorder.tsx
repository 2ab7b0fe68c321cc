import { AudioOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { encodeWav } from './wav';

type Props = {
  /** Receives the finished recording as a WAV file. */
  onRecorded: (file: File) => Promise<void>;
};

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');

/**
 * Records a dictation with the browser's microphone (MediaRecorder), then hands it on as a WAV file, one
 * of the audio types a case accepts.
 */
export function DictationRecorder({ onRecorded }: Props) {
  const [state, setState] = useState<'idle' | 'recording' | 'saving'>('idle');
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(
    () => () => {
      clearInterval(timer.current);
      recorder.current?.stream.getTracks().forEach((t) => t.stop());
    },
    [],
  );

  const start = async () => {
    setError(undefined);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const r = new MediaRecorder(stream);
      r.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      r.onstop = () => {
        stream.getTracks().forEach((t) => t.stop());
        void finish(new Blob(chunks, { type: r.mimeType }));
      };
      recorder.current = r;
      r.start();
      setSeconds(0);
      timer.current = setInterval(() => setSeconds((s) => s + 1), 1000);
      setState('recording');
    } catch {
      setError('The microphone could not be opened.');
    }
  };

  const finish = async (recorded: Blob) => {
    setState('saving');
    try {
      const context = new AudioContext();
      const audio = await context.decodeAudioData(await recorded.arrayBuffer());
      await context.close();
      const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
      const wav = encodeWav(channels, audio.sampleRate);
      await onRecorded(new File([wav], `dictation-${stamp()}.wav`, { type: 'audio/wav' }));
    } catch {
      setError('The recording could not be saved.');
    } finally {
      setState('idle');
    }
  };

  const stop = () => {
    clearInterval(timer.current);
    recorder.current?.stop();
  };

  return (
    <Space>
      {state === 'recording' ? (
        <Button danger icon={<StopOutlined />} onClick={stop}>
          Stop and save ({seconds}s)
        </Button>
      ) : (
        <Button icon={<AudioOutlined />} loading={state === 'saving'} onClick={() => void start()}>
          Record dictation
        </Button>
      )}
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Space>
  );
}
